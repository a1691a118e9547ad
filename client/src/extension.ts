// The VS Code extension: the docs.json language server's client, the Docs view and the service commands.
import * as vscode from 'vscode';
import { LlmsTxtPreview } from './llms-txt/llms-txt-preview';
import { TranslationsPanel } from './languages/translations-panel';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ACCEPT_LANGUAGE_CODE_COMMAND } from '../../server/src/protocol';
import { acceptLanguageCode } from './accept-language-code';
import { AgentCommands } from './agent/agent-commands';
import { AssistantPanel } from './assistant/assistant-panel';
import { KEY_TITLES, KeyPrompt, KeyStore } from './keys';
import { createLanguageClient, OFFICIAL_MDX_EXTENSION } from './language-client';
import { NAVIGATION_VIEW, NavigationItem, NavigationTreeProvider, openNavigationTarget, revealInDocsJson } from './navigation/navigation-tree';
import { PageCommands } from './navigation/page-commands';
import { quietAfterDispose } from './quiet-after-dispose';
import { SearchCommand } from './search/search-command';
import { setKey, setUpService } from './service-setup';
import { apiSettings, onDidPromptForSetting, SettingPrompt } from './settings';
import { ServiceConnector } from './service';
import { onDidAskSettingsTarget, TargetChoice } from './settings-target';
import type { PublishChoice } from './update/confirm-update';
import { PreviewCommand } from './update/preview-command';
import { StartedChoice, UpdateCommands } from './update/update-commands';
import { StartedUpdates } from './update/started-updates';
import { UpdateStatusItem } from './update/update-status-item';
import { ComponentsStatusItem } from './components-status-item';
import type { FileMove } from './navigation/translation-moves';

/** What `activate` returns: the parts the extension's tests in VS Code look at. */
export interface DocsExtensionApi {
  /** Resolves once the language server runs (rejects when it cannot start). */
  serverReady: Promise<void>;
  languageClient(): LanguageClient | undefined;
  navigation: NavigationTreeProvider;
  /** The Docs view: `visible` only while it shows (never where no docs.json is). */
  navigationView: vscode.TreeView<NavigationItem>;
  updateStatus: UpdateStatusItem;
  /** The status bar's line while component checks are left to the official MDX extension. */
  componentsStatus: ComponentsStatusItem;
  /** A page moved in Explorer offers its translations' moves (the offer, and its answer once given). */
  onDidOfferTranslations: vscode.Event<{ moves: FileMove[]; answer: Promise<boolean> }>;
  /** Fires when a command asks for a missing key. */
  onDidPromptForKey: vscode.Event<KeyPrompt>;
  /** Fires when Trigger Update asks whether to publish. */
  onDidAskToPublish: vscode.Event<vscode.QuickPick<PublishChoice>>;
  /** Fires when a command asks for a missing setting (the base URL, the project id, the site domain). */
  onDidPromptForSetting: vscode.Event<SettingPrompt>;
  /** Fires when a command asks whether a setting goes to the user's or the workspace's settings. */
  onDidAskSettingsTarget: vscode.Event<vscode.QuickPick<TargetChoice>>;
  /** Fires when Show Update Status, given no id, lists the updates this editor started. */
  onDidListUpdates: vscode.Event<vscode.QuickPick<StartedChoice>>;
  assistant: AssistantPanel;
  /** Deploy a Preview of This Branch: its branch prompt (onDidAskBranch) and how it opens the site (openUrl). */
  preview: PreviewCommand;
  /** The grid of pages × languages (*Docs: Show Translations*). */
  translations: TranslationsPanel;
}

let client: LanguageClient | undefined;
let serverOutput: vscode.OutputChannel | undefined;

export function activate(context: vscode.ExtensionContext): DocsExtensionApi {
  const serverLog = quietAfterDispose(vscode.window.createOutputChannel('docs.json Language Server', { log: true }));
  const log = vscode.window.createOutputChannel('Docs', { log: true });
  const keys = new KeyStore(context.secrets);
  const service = new ServiceConnector(keys, log);
  const statusItem = new UpdateStatusItem();
  const componentsStatus = new ComponentsStatusItem(vscode.extensions.getExtension(OFFICIAL_MDX_EXTENSION) !== undefined);
  const started = new StartedUpdates(context.workspaceState);
  const updates = new UpdateCommands(service, statusItem, started);
  const preview = new PreviewCommand(service, started);
  const assistant = new AssistantPanel(service);
  const search = new SearchCommand(service);
  const agent = new AgentCommands(service, context.workspaceState);
  const navigation = new NavigationTreeProvider(() => client, context.workspaceState);
  const view = vscode.window.createTreeView(NAVIGATION_VIEW, { treeDataProvider: navigation, showCollapseAll: true });
  // The server's output channel is closed after the server stops (`deactivate`), and ignores the client's lines after
  // that (the server process's exit is logged when it comes): either way they threw "Channel has been closed" into
  // the extension host's log on window reloads.
  const pageCommands = new PageCommands(navigation, view, () => client);
  context.subscriptions.push(log, keys, statusItem, componentsStatus, updates, preview, assistant, navigation, view, pageCommands);
  reopenAfterReload(view, navigation, context.workspaceState);
  serverOutput = serverLog;

  const setKeyCommand = (kind: 'admin' | 'assistant') => (key?: unknown) => setKey(keys, service, kind, stringOrUndefined(key));
  const clearKey = (kind: 'admin' | 'assistant') => async () => {
    await keys.clear(kind);
    void vscode.window.showInformationMessage(`The ${KEY_TITLES[kind]} is cleared.`);
  };
  const translations = new TranslationsPanel(() => client);
  const llmsTxt = new LlmsTxtPreview(() => client);
  context.subscriptions.push(llmsTxt);
  const commands: Record<string, (...args: any[]) => unknown> = {
    'docsJson.triggerUpdate': () => updates.trigger(),
    'docsJson.deployPreview': (branch?: string) => preview.run(stringOrUndefined(branch)),
    'docsJson.showUpdateStatus': (statusId?: string) => updates.showStatus(typeof statusId === 'string' ? statusId : undefined),
    'docsJson.askAssistant': (question?: string) => assistant.ask(typeof question === 'string' ? question : undefined),
    'docsJson.searchDocs': (query?: string) => search.run(typeof query === 'string' ? query : undefined),
    'docsJson.agentJob': () => agent.choose(),
    'docsJson.agentJob.create': (prompt?: string) => agent.create(typeof prompt === 'string' ? prompt : undefined),
    'docsJson.agentJob.followUp': (jobId?: string, prompt?: string) => agent.followUp(stringOrUndefined(jobId), stringOrUndefined(prompt)),
    'docsJson.agentJob.status': (jobId?: string) => agent.status(stringOrUndefined(jobId)),
    'docsJson.setUpService': () => setUpService(keys, service),
    'docsJson.setAdminKey': setKeyCommand('admin'),
    'docsJson.clearAdminKey': clearKey('admin'),
    'docsJson.setAssistantKey': setKeyCommand('assistant'),
    'docsJson.clearAssistantKey': clearKey('assistant'),
    'docsJson.refreshNavigation': () => navigation.refresh(true),
    'docsJson.showTranslations': (docsJson?: unknown) => translations.show(docsJson instanceof vscode.Uri ? docsJson : undefined),
    'docsJson.previewLlmsTxt': (docsJson?: unknown) => llmsTxt.show(docsJson instanceof vscode.Uri ? docsJson : undefined),
    'docsJson.openNavigationTarget': (item: NavigationItem) => openNavigationTarget(item, client),
    'docsJson.revealInDocsJson': (item: NavigationItem) => revealInDocsJson(item, client),
    'docsJson.revealInDocsView': (page?: unknown) => pageCommands.reveal(page instanceof vscode.Uri ? page : undefined),
    'docsJson.findPage': (query?: unknown) => pageCommands.findPage(stringOrUndefined(query)),
    'docsJson.renamePage': (item?: NavigationItem, name?: unknown, translations?: unknown) => pageCommands.rename(item, stringOrUndefined(name), booleanOrUndefined(translations)),
    'docsJson.movePage': (item?: NavigationItem, to?: unknown, translations?: unknown) => pageCommands.move(item, stringOrUndefined(to), booleanOrUndefined(translations)),
    'docsJson.revealPageInExplorer': (item?: NavigationItem) => pageCommands.revealInExplorer(item),
    [ACCEPT_LANGUAGE_CODE_COMMAND]: (code: unknown, folderUri: unknown) => acceptLanguageCode(code, folderUri),
    'docsJson.restartServer': async () => {
      await client?.restart();
      navigation.refresh(true);
    },
  };
  for (const [id, handler] of Object.entries(commands)) context.subscriptions.push(vscode.commands.registerCommand(id, handler));

  client = createLanguageClient(context, serverLog);
  const starting = client.start();
  void vscode.window.withProgress({ location: { viewId: NAVIGATION_VIEW } }, () => starting.catch(() => undefined));
  const serverReady = starting.then(() => {
    if (client) navigation.listen(client);
    navigation.refresh(true);
  });
  serverReady.catch((error: unknown) => {
    serverLog.error(`The docs.json language server did not start: ${error instanceof Error ? error.message : String(error)}`);
  });

  return { serverReady, languageClient: () => client, navigation, navigationView: view, translations, updateStatus: statusItem, componentsStatus, onDidOfferTranslations: pageCommands.onDidOfferTranslations, onDidPromptForKey: keys.onDidPrompt, onDidPromptForSetting, onDidAskSettingsTarget, onDidListUpdates: updates.onDidListUpdates, onDidAskToPublish: updates.onDidAskToPublish, assistant, preview };
}

export async function deactivate(): Promise<void> {
  const running = client;
  const output = serverOutput;
  client = undefined;
  serverOutput = undefined;
  try {
    await running?.stop();
  } finally {
    output?.dispose();
  }
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

const VIEW_SHOWN = 'docsJson.viewShown';

/**
 * The Docs view shows only once the search for docs.json has set its `when` key, after VS Code has restored the
 * window's views: a window reloaded with the Docs view open would come back without it. Whether it was showing is
 * kept in the workspace's state, and it is opened again once docs.json is found.
 */
function reopenAfterReload(view: vscode.TreeView<NavigationItem>, navigation: NavigationTreeProvider, state: vscode.Memento): void {
  const wasShown = state.get(VIEW_SHOWN) === true;
  view.onDidChangeVisibility((event) => void state.update(VIEW_SHOWN, event.visible));
  if (wasShown) void navigation.hasDocsJson().then((found) => found && !view.visible && vscode.commands.executeCommand('workbench.view.extension.docs'));
}


function booleanOrUndefined(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}
