// The `docsJson` settings of one docs folder, as the editor's client sends them (per folder: `scopeUri`).
import type { BaseSite } from '../checker/links/base-site';
import { rule as componentRules } from '../checker/rules/components/rule';

export type SeveritySetting = 'error' | 'warning' | 'info' | 'hint' | 'off';

export interface DocsJsonSettings {
  enable: boolean;
  /** Per rule code (and `docsJson.orphan`): a severity, or `off` to hide it. */
  severity: Record<string, SeveritySetting>;
  extraLanguageCodes: string[];
  /** The site's base path (`/docs`); undefined: detected from the redirects; '': none. */
  basePath?: string;
  /** A page or folder move adds a redirect from each old URL to the new one (`docsJson.rename.addRedirects`). */
  addRedirectsOnRename: boolean;
  /**
   * The built-in component checks (`docsJson.components`): `auto` is `on` here (the CLI always reports them); the
   * editor's server reads it as `off` when the official MDX extension, which reports them itself, is installed.
   */
  components?: ComponentsSetting;
  /** The site before the change (`check --base`, `--base-dir`): every URL it served must still be served (killed-url). */
  base?: BaseSite;
  /**
   * Without `base`, the repository's HEAD is the site before the change (`docsJson.killedUrls.sinceHead`, the editor's
   * default): a page deleted or moved and not yet committed gets killed-url's redirect. The CLI leaves it off.
   */
  headAsBase?: boolean;
}

export type ComponentsSetting = 'auto' | 'on' | 'off';
export const COMPONENTS_SETTINGS: ComponentsSetting[] = ['auto', 'on', 'off'];
/** The rules `docsJson.components` turns on and off. */
export const COMPONENT_CODES: readonly string[] = Object.keys(componentRules.codes);

export const DEFAULT_SETTINGS: DocsJsonSettings = { enable: true, severity: {}, extraLanguageCodes: [], addRedirectsOnRename: true, components: 'auto' };

export const SEVERITY_SETTINGS: SeveritySetting[] = ['error', 'warning', 'info', 'hint', 'off'];

/** Diagnostic code of the finding on a page file that no navigation entry reaches (its severity is a setting too). */
export const ORPHAN_CODE = 'docsJson.orphan';

/**
 * Its default: information, listed in the Problems panel with its fix. As a hint it showed as a faint "…" on line 1
 * of open pages only, and writers did not find their orphans.
 */
export const ORPHAN_SEVERITY = 'info';
