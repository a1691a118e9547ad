// The settings of a docs folder and the codes they name, as the protocol layer and the clients read them.
export { COMPONENTS_SETTINGS, DEFAULT_SETTINGS, ORPHAN_CODE, SEVERITY_SETTINGS } from '../project/project-settings';
export type { ComponentsSetting, DocsJsonSettings, SeveritySetting } from '../project/project-settings';
