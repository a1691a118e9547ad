// The settings of a docs folder and the codes they name, as the protocol layer and the clients read them.
export { DEFAULT_SETTINGS, ORPHAN_CODE, SEVERITY_SETTINGS } from '../project/project-settings';
export type { DocsJsonSettings, SeveritySetting } from '../project/project-settings';
