import * as vscode from 'vscode';
import type { CancellationToken } from 'vscode';
import {
  CloseAction,
  CloseHandlerResult,
  ErrorAction,
  ErrorHandler,
  ErrorHandlerResult,
  LanguageClient,
  LanguageClientOptions,
  MessageSignature,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';
import { ACCEPT_LANGUAGE_CODE_COMMAND, isPageFile, OPEN_SETTINGS_COMMAND, PAGE_FILE_GLOB, SERVER_ENV, SERVER_NODE_FLAGS } from '../../server/src/protocol';
import { CrashPolicy } from './crash-policy';

/** The MDX extension, which gives `.mdx` pages the same language id (`mdx`) as ours, and its own outline. */
export const MDX_EXTENSION = 'unifiedjs.vscode-mdx';
/** The platform's own MDX extension ("Mintlify MDX"): it reports components and their props itself. */
export const OFFICIAL_MDX_EXTENSION = 'mintlify.mintlify-snippets';

/** The language id VS Code gives files named docs.json (see the README: why not `json`). */
export const DOCS_JSON_LANGUAGE = 'docs-json';

/**
 * The documents the server is told about: docs.json itself (also when a user maps it back to `json`), the JSON
 * files it pulls in by `$ref`, OpenAPI specs, and the page files that carry orphan hints and their fixes. The
 * server decides which of them belong to a docs folder. Only files on disk: virtual workspaces are not checked.
 */
export const DOCUMENT_SELECTOR = [
  { scheme: 'file', language: DOCS_JSON_LANGUAGE },
  { scheme: 'untitled', language: DOCS_JSON_LANGUAGE },
  { scheme: 'file', language: 'json' },
  { scheme: 'file', language: 'yaml' },
  { scheme: 'file', pattern: PAGE_FILE_GLOB },
];

/**
 * Starts the docs.json language server (dist/server/server.js over IPC). A crash restarts it with a visible
 * message; repeated crashes stop it with a button to try again. `docsJson.trace.server` traces the protocol.
 */
export function createLanguageClient(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): LanguageClient {
  const module = context.asAbsolutePath('dist/server/server.js');
  // The server keeps V8's compiled code of its bundle here and starts from it the next time (see code-cache.ts).
  // And the pages' MDX verdicts, in the workspace's own storage (see mdx-cache-saver.ts): a large site reopened shows
  // its MDX findings at once.
  const env = {
    ...SERVER_ENV,
    DOCS_JSON_CODE_CACHE: vscode.Uri.joinPath(context.globalStorageUri, 'code-cache').fsPath,
    DOCS_JSON_MDX_CACHE: vscode.Uri.joinPath(context.storageUri ?? context.globalStorageUri, 'mdx-verdicts.json').fsPath,
  };
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, options: { execArgv: SERVER_NODE_FLAGS, env } },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_FLAGS, '--nolazy', '--inspect=6019'], env } },
  };
  const policy = new CrashPolicy();
  let client: LanguageClient;
  const errorHandler: ErrorHandler = {
    error(error, _message, count): ErrorHandlerResult {
      output.error(`Connection to the docs.json language server failed: ${error.message}`);
      return { action: count !== undefined && count <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown, handled: true };
    },
    closed(): CloseHandlerResult {
      const decision = policy.onCrash(Date.now());
      if (decision.restart) {
        const text = `The docs.json language server stopped unexpectedly and is being restarted (${decision.crashes} of ${decision.limit} restarts within ${decision.windowMinutes} minutes).`;
        output.warn(text);
        void vscode.window.showWarningMessage(text, 'Show Log').then((choice) => choice && output.show(true));
        return { action: CloseAction.Restart, handled: true };
      }
      const text = `The docs.json language server crashed ${decision.crashes} times in ${decision.windowMinutes} minutes and was not restarted.`;
      output.error(text);
      void vscode.window.showErrorMessage(text, 'Restart', 'Show Log').then(async (choice) => {
        if (choice === 'Show Log') output.show(true);
        if (choice === 'Restart') {
          policy.reset();
          await client.start();
        }
      });
      return { action: CloseAction.DoNotRestart, handled: true };
    },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    synchronize: { configurationSection: 'docsJson' },
    outputChannel: output,
    errorHandler,
    middleware: {
      // With the MDX extension installed, its language server outlines .mdx pages: ours would show every heading twice.
      provideDocumentSymbols(document, token, next) {
        if (document.languageId === 'mdx' && vscode.extensions.getExtension(MDX_EXTENSION)) return [];
        return next(document, token);
      },
      async provideCodeActions(document, range, context, token, next) {
        const actions = await next(document, range, context, token);
        return actions?.map((action) => (action instanceof vscode.CodeAction ? openingWrittenPage(action, document.uri) : action));
      },
    },
    // The commands its quick fixes may carry that this client runs (registered in extension.ts).
    // With `docsJson.components: auto`, the server leaves components to the official MDX extension when it is installed;
    // the status bar says so (components-status-item.ts), not a toast.
    initializationOptions: { client: 'vscode', commands: [ACCEPT_LANGUAGE_CODE_COMMAND, OPEN_SETTINGS_COMMAND], officialMdxExtension: vscode.extensions.getExtension(OFFICIAL_MDX_EXTENSION) !== undefined, componentsNoteShown: true },
  };
  // The id `docsJson` makes the client read its trace level from `docsJson.trace.server`.
  client = new DocsLanguageClient('docsJson', 'docs.json Language Server', serverOptions, clientOptions);
  return client;
}

/**
 * A window reload stops the client while VS Code still asks for the code actions, colors and symbols of the open
 * docs.json. Each such request failed with "Starting server failed", logged as an error in the server's output and
 * as "provider FAILED" in the extension host's log (five per reload, seen in the real VS Code suite). Once the
 * client no longer runs, a failed request answers nothing instead.
 */
class DocsLanguageClient extends LanguageClient {
  override handleFailedRequest<T>(type: MessageSignature, token: CancellationToken | undefined, error: unknown, defaultValue: T, showNotification?: boolean, throwOnCancel?: boolean): T {
    if (!this.isRunning()) return defaultValue;
    return super.handleFailedRequest(type, token, error, defaultValue, showNotification, throwOnCancel);
  }
}

/**
 * A fix that writes another page file (the missing page's "Create page file") opens it once applied: the user goes
 * on writing it. LSP has no "open after edit", so the client adds the command; only page files are opened, never
 * the document the fix was asked in.
 */
function openingWrittenPage(action: vscode.CodeAction, asked: vscode.Uri): vscode.CodeAction {
  if (action.command || !action.edit) return action;
  const page = action.edit.entries().find(([uri]) => isPageFile(uri.path) && uri.toString() !== asked.toString())?.[0];
  if (page) action.command = { command: 'vscode.open', title: 'Open the new page', arguments: [page] };
  return action;
}
