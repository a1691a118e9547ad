// The `docsJson` settings of one docs folder, as the editor's client sends them (per folder: `scopeUri`).

export type SeveritySetting = 'error' | 'warning' | 'info' | 'hint' | 'off';

export interface DocsJsonSettings {
  enable: boolean;
  /** Per rule code (and `docsJson.orphan`): a severity, or `off` to hide it. */
  severity: Record<string, SeveritySetting>;
  extraLanguageCodes: string[];
  /** A page or folder move adds a redirect from each old URL to the new one (`docsJson.rename.addRedirects`). */
  addRedirectsOnRename: boolean;
}

export const DEFAULT_SETTINGS: DocsJsonSettings = { enable: true, severity: {}, extraLanguageCodes: [], addRedirectsOnRename: true };

export const SEVERITY_SETTINGS: SeveritySetting[] = ['error', 'warning', 'info', 'hint', 'off'];

/** Diagnostic code of the hint on a page file that no navigation entry reaches (its severity is a setting too). */
export const ORPHAN_CODE = 'docsJson.orphan';
