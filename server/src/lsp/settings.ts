import { Connection, MessageType, ShowMessageNotification } from 'vscode-languageserver';
import { DocsLanguageService, DocsProject } from '../language';
import { ComponentsSetting, COMPONENTS_SETTINGS, DEFAULT_SETTINGS, DocsJsonSettings, SEVERITY_SETTINGS, SeveritySetting } from '../protocol';
import { Guard } from './guard';

/**
 * Reads the `docsJson` section as a client sent it; anything malformed falls back to the default. `components:
 * auto` is `off` when the client said the official MDX extension (`mintlify.mintlify-snippets`) is installed: it
 * reports components itself, and a writer should not see one mistake twice.
 */
export function normalizeSettings(raw: unknown, officialMdxExtension = false): DocsJsonSettings {
  const section = isRecord(raw) ? raw : {};
  const severity: Record<string, SeveritySetting> = {};
  if (isRecord(section.severity)) {
    for (const [code, value] of Object.entries(section.severity)) {
      if (SEVERITY_SETTINGS.includes(value as SeveritySetting)) severity[code] = value as SeveritySetting;
    }
  }
  const chosen = COMPONENTS_SETTINGS.includes(section.components as ComponentsSetting) ? (section.components as ComponentsSetting) : DEFAULT_SETTINGS.components;
  const extra = Array.isArray(section.extraLanguageCodes) ? section.extraLanguageCodes.filter((c): c is string => typeof c === 'string' && c !== '') : [];
  return {
    enable: typeof section.enable === 'boolean' ? section.enable : DEFAULT_SETTINGS.enable,
    severity,
    extraLanguageCodes: extra,
    ...(typeof section.basePath === 'string' ? { basePath: section.basePath } : {}),
    addRedirectsOnRename: isRecord(section.rename) && typeof section.rename.addRedirects === 'boolean' ? section.rename.addRedirects : DEFAULT_SETTINGS.addRedirectsOnRename,
    components: chosen === 'auto' && officialMdxExtension ? 'off' : chosen,
    headAsBase: isRecord(section.killedUrls) && typeof section.killedUrls.sinceHead === 'boolean' ? section.killedUrls.sinceHead : true,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The settings of each docs folder. A client that answers `workspace/configuration` is asked per folder
 * (`scopeUri`: a multi-root workspace may set severities per folder); another one's pushed settings (or its
 * initialization options) hold for every folder.
 */
export class FolderSettings {
  private pushed: DocsJsonSettings = DEFAULT_SETTINGS;
  private loaded = new WeakMap<DocsProject, Promise<void>>();
  pull = false;
  /** The client's `initializationOptions.officialMdxExtension`: the official MDX extension is installed. */
  officialMdxExtension = false;
  /** The client's `initializationOptions.componentsNoteShown`: it says so itself (VS Code: a status bar item), no toast. */
  componentsNoteShown = false;

  constructor(
    private readonly connection: Connection,
    private readonly service: DocsLanguageService,
    private readonly guard: Guard,
  ) {}

  /** Settings sent by the client itself (initialization options, `didChangeConfiguration`). */
  push(section: unknown): void {
    this.pushedRaw = section;
    this.pushed = normalizeSettings(section, this.officialMdxExtension);
  }

  /** Settles once the project's settings are read and given to it: checks and answers wait for it. */
  ready(project: DocsProject): Promise<void> {
    let loading = this.loaded.get(project);
    if (!loading) this.loaded.set(project, (loading = this.load(project)));
    return loading;
  }

  /** The settings changed: every folder reads them again before its next check or answer. */
  forget(): void {
    this.loaded = new WeakMap();
  }

  private async load(project: DocsProject): Promise<void> {
    let settings = this.pushed;
    let raw = this.pushedRaw;
    if (this.pull) {
      try {
        const [section] = await this.connection.workspace.getConfiguration([{ scopeUri: this.service.uriOf(project.folder), section: 'docsJson' }]);
        raw = section;
        settings = normalizeSettings(section, this.officialMdxExtension);
      } catch (error) {
        this.guard.logError('reading settings', error);
      }
    }
    this.service.configure(project, settings);
    if (settings.components === 'off' && this.officialMdxExtension && !this.toldOfficial && normalizeSettings(raw, false).components !== 'off') this.tellOfficial();
    // A config the team's CI refuses (exit 2) is told here too; its right parts still apply.
    for (const problem of this.service.teamConfig(project).problems) this.connection.console.warn(problem);
  }

  private toldOfficial = false;
  private pushedRaw: unknown;

  /**
   * One line, once a session, when the component checks are left to the official MDX extension (`auto`): they
   * went quiet with no word while the CLI still reports them (issue 48).
   */
  private tellOfficial(): void {
    this.toldOfficial = true;
    const message =
      'docs.json: component checks (unknown-component, unknown-prop, invalid-prop-value, missing-prop) are left to the Mintlify MDX extension here; `docs-json check` still reports them. Set docsJson.components to "on" to see them here too.';
    this.connection.console.info(message);
    if (!this.componentsNoteShown) void this.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message });
  }
}
