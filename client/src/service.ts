import * as vscode from 'vscode';
import { ApiErrorKind, ApiForm, createDocsApiClient, createRedactor, DocsApiClient, isApiError, KeyKind, oneLine, parseApiForm, Redactor } from '../../api/src';
import { KeyCheck, KEY_TITLES, KeyStore } from './keys';
import { apiSettings, ApiSettings } from './settings';

/** The Docs output channel as the commands write to it: text from the service goes in here. */
export interface ServiceLog {
  info(text: string): void;
  error(text: string): void;
  show(preserveFocus?: boolean): void;
}

/** The REST client (api/src) built for one command from the settings and the stored keys. */
export class ServiceConnector {
  private readonly keysInUse = new Set<string>();
  private redact: Redactor = createRedactor([]);
  /**
   * The one way into the Docs output channel and the error notifications: the keys this window has used
   * redacted in every form, and each entry kept on its line (a newline in a service's text cannot forge an entry).
   */
  readonly log: ServiceLog;

  constructor(
    private readonly keys: KeyStore,
    channel: vscode.LogOutputChannel,
  ) {
    this.log = {
      info: (text) => channel.info(this.printable(text)),
      error: (text) => channel.error(this.printable(text)),
      show: (preserveFocus) => channel.show(preserveFocus),
    };
  }

  printable(text: string): string {
    return oneLine(this.redact(text));
  }

  /**
   * A client holding the key `kind`, asking for the key when none is stored.
   * Undefined when the user dismissed the prompt, or in an untrusted workspace.
   */
  async connect(kind: KeyKind, operation: string, settings: ApiSettings): Promise<DocsApiClient | undefined> {
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage(`${operation} is disabled in an untrusted workspace: it would send your API key to the service this workspace names.`);
      return undefined;
    }
    const key = await this.keys.require(kind, operation, this.keyCheck(kind, settings.baseUrl));
    if (!key) return undefined;
    return this.clientWith(kind, key, settings);
  }

  private clientWith(kind: KeyKind, key: string, settings: Pick<ApiSettings, 'baseUrl' | 'retryAttempts' | 'form'>): DocsApiClient {
    if (!this.keysInUse.has(key)) {
      this.keysInUse.add(key);
      this.redact = createRedactor([...this.keysInUse]);
    }
    return createDocsApiClient({
      baseUrl: settings.baseUrl,
      apiForm: formSetting(settings.form),
      adminKey: kind === 'admin' ? key : undefined,
      assistantKey: kind === 'assistant' ? key : undefined,
      retry: { maxAttempts: settings.retryAttempts },
      logger: (line) => this.log.info(line),
      userAgent: `docs-json-tools-vscode/${vscode.version}`,
    });
  }

  /**
   * How a typed key is tried before it is kept: an admin key by one status read of an update that does not exist
   * (the service answers 401 for a key it does not know before it looks for the update: 404 means the key is good).
   * An assistant key is not tried: every assistant call may use the organization's credits.
   */
  keyCheck(kind: KeyKind, baseUrl: string): KeyCheck | undefined {
    if (kind !== 'admin' || baseUrl === '') return undefined;
    return async (key) => {
      const client = this.clientWith(kind, key, { baseUrl, retryAttempts: 3, form: apiSettings().form });
      try {
        await client.getUpdateStatus(KEY_CHECK_STATUS_ID);
        return undefined;
      } catch (error) {
        if (isApiError(error) && error.kind === 'not-found') return undefined;
        const reason = this.printable(error instanceof Error ? error.message : String(error));
        this.log.error(`The ${KEY_TITLES[kind]} could not be checked: ${reason}`);
        if (isApiError(error) && UNREACHED.includes(error.kind)) return { unreachable: reason };
        if (isApiError(error) && error.kind === 'unauthorized') return { refused: `The service at ${baseUrl} does not know this key (401). Check that you copied all of it.` };
        if (isApiError(error) && error.kind === 'forbidden') return { refused: `The service refused this key (403): ${reason}` };
        return { refused: `The key could not be checked, so it is not kept: ${reason}` };
      }
    };
  }

  /**
   * Shows a failed call: the client's message never holds a key; 401/403 offer to replace the key.
   * Does not wait for the user's answer, so the command that failed ends now.
   */
  showError(error: unknown, keyKind?: KeyKind, retry?: () => unknown): void {
    const message = this.printable(error instanceof Error ? error.message : String(error));
    this.log.error(message);
    if (isApiError(error) && error.kind === 'cancelled') return;
    const actions = ['Show Log'];
    const keyRejected = isApiError(error) && (error.kind === 'unauthorized' || error.kind === 'forbidden');
    if (keyRejected && keyKind) actions.unshift(keyKind === 'admin' ? 'Set Admin API Key' : 'Set Assistant API Key');
    if (isApiError(error) && (error.kind === 'config' || error.kind === 'insecure-url')) actions.unshift('Open Settings');
    void vscode.window.showErrorMessage(message, ...actions).then((choice) => {
      if (choice === 'Show Log') this.log.show(true);
      else if (choice === 'Open Settings') void vscode.commands.executeCommand('workbench.action.openSettings', 'docsJson.api');
      else if (choice) {
        // The command that failed goes on once a new key is stored.
        void vscode.commands.executeCommand<boolean>(keyKind === 'admin' ? 'docsJson.setAdminKey' : 'docsJson.setAssistantKey').then((stored) => stored && retry?.());
      }
    });
  }
}

/** The form the `docsJson.api.form` setting names; `auto` (or a value the schema does not list) leaves it to the base URL's host. */
function formSetting(value: string): ApiForm | undefined {
  try {
    return parseApiForm(value);
  } catch {
    return undefined;
  }
}

/** Failures that say nothing about the key: offline, a timeout, the service down. */
const UNREACHED: readonly ApiErrorKind[] = ['network', 'timeout', 'server'];

/** A status id no update has: the key check's read (see `keyCheck`). */
const KEY_CHECK_STATUS_ID = 'docs-json-key-check';

/** An AbortSignal that follows a VS Code cancellation token. */
export function signalOf(token: vscode.CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}
