import { escapeHtml, scriptNonce } from '../webview-html';
import * as vscode from 'vscode';
import { findDocsJsonFiles, localPageFor } from '../docs-files';
import { ServiceConnector, signalOf } from '../service';
import { ensureSettings } from '../settings';

export interface AssistantResult {
  question: string;
  answer: string;
  threadId?: string;
}

const RENDER_INTERVAL_MS = 120;

/** What the panel's page asks of the extension. */
export type PanelMessage =
  | { type: 'ready' }
  | { type: 'ask'; question: string }
  | { type: 'copy'; index: number }
  | { type: 'open'; href: string };

/** A code span that reads as a page path of a site (`guides/setup`, `/api/users`). */
const PAGE_PATH_CODE = /<code>(\/?[\w-]+(?:\/[\w.-]+)+)<\/code>/g;

/**
 * Ask Assistant: one webview panel that shows each question and renders its markdown answer as it streams, with a
 * copy button per answer and a box for a follow-up question. Links and page paths of the answer open the local
 * page file when there is one (as search results do), else the site. Markdown goes through VS Code's own renderer
 * (`markdown.api.render`); the page runs no script but ours.
 */
export class AssistantPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private readonly exchanges: { question: string; markdown: string; html: string; done: boolean }[] = [];
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly service: ServiceConnector) {
    // Restored after a window reload, the panel would be empty (its answers are not kept): closed, it leaves no
    // empty editor group behind.
    this.disposables.push(vscode.window.registerWebviewPanelSerializer(ASSISTANT_VIEW, { deserializeWebviewPanel: async (panel) => panel.dispose() }));
  }

  dispose(): void {
    this.panel?.dispose();
    for (const disposable of this.disposables) disposable.dispose();
  }

  /** Answers a message of the panel's page (public for the tests in VS Code, which cannot click in a webview). */
  async handle(message: PanelMessage): Promise<unknown> {
    switch (message?.type) {
      case 'ready':
        this.exchanges.forEach((exchange, index) => void this.panel?.webview.postMessage({ type: 'answer', index, html: exchange.html, done: exchange.done }));
        return undefined;
      case 'ask':
        return typeof message.question === 'string' && message.question.trim() ? this.ask(message.question) : undefined;
      case 'copy': {
        const exchange = this.exchanges[message.index];
        if (!exchange) return undefined;
        await vscode.env.clipboard.writeText(exchange.markdown);
        void vscode.window.setStatusBarMessage('Answer copied', 2000);
        return exchange.markdown;
      }
      case 'open':
        return typeof message.href === 'string' ? this.open(message.href) : undefined;
      default:
        return undefined;
    }
  }

  /** A link of an answer: the local page file when the path is a page of this workspace, else the site. */
  private async open(href: string): Promise<vscode.Uri | undefined> {
    const local = await localPageFor(href, await findDocsJsonFiles());
    if (local) {
      await vscode.window.showTextDocument(local, { viewColumn: vscode.ViewColumn.One });
      return local;
    }
    const domain = vscode.workspace.getConfiguration('docsJson.api').get<string>('siteDomain');
    const url = /^https?:\/\//i.test(href) ? href : domain ? `https://${domain}/${href.replace(/^\/+/, '')}` : undefined;
    if (url) await vscode.env.openExternal(vscode.Uri.parse(url));
    return undefined;
  }

  async ask(question?: string): Promise<AssistantResult | undefined> {
    const settings = await ensureSettings('Ask Assistant', 'baseUrl', 'siteDomain');
    if (!settings) return undefined;
    const text =
      question ??
      (await vscode.window.showInputBox({ title: 'Docs: Ask Assistant', prompt: `Ask the assistant of ${settings.siteDomain}`, ignoreFocusOut: true }));
    if (!text?.trim()) return undefined;
    const client = await this.service.connect('assistant', 'Ask Assistant', settings);
    if (!client) return undefined;

    const exchange = { question: text.trim(), markdown: '', html: '<p><em>Waiting for the answer…</em></p>', done: false };
    this.exchanges.push(exchange);
    const panel = this.reveal();
    let markdown = '';
    let rendered = '';
    let timer: NodeJS.Timeout | undefined;
    const render = async () => {
      timer = undefined;
      if (markdown === rendered) return;
      rendered = markdown;
      // Pieces arrive cut anywhere: the answer so far is redacted whole, so a key split in two is still seen. The
      // copy button copies the same redacted text.
      exchange.markdown = client.redactText(markdown);
      exchange.html = linkPagePaths(await renderMarkdown(exchange.markdown));
      await panel.webview.postMessage({ type: 'answer', index: this.exchanges.indexOf(exchange), html: exchange.html, done: exchange.done });
    };
    const cancel = new vscode.CancellationTokenSource();
    const closed = panel.onDidDispose(() => cancel.cancel());
    try {
      const result = await client.askAssistant(
        { domain: settings.siteDomain, message: exchange.question },
        {
          signal: signalOf(cancel.token),
          onText: (piece) => {
            markdown += piece;
            timer ??= setTimeout(render, RENDER_INTERVAL_MS);
          },
        },
      );
      markdown = result.answer;
      exchange.done = true;
      if (timer) clearTimeout(timer);
      rendered = '';
      await render();
      this.service.log.info(`Assistant answered (${result.answer.length} characters${result.threadId ? `, thread ${result.threadId}` : ''})`);
      return { question: exchange.question, answer: result.answer, threadId: result.threadId };
    } catch (error) {
      if (timer) clearTimeout(timer);
      exchange.done = true;
      exchange.html = `<p class="error">${escapeHtml(error instanceof Error ? error.message : String(error))}</p>`;
      await panel.webview.postMessage({ type: 'answer', index: this.exchanges.indexOf(exchange), html: exchange.html, done: true });
      this.service.showError(error, 'assistant');
      return undefined;
    } finally {
      closed.dispose();
      cancel.dispose();
    }
  }

  private reveal(): vscode.WebviewPanel {
    if (this.panel) {
      this.panel.webview.html = this.page(this.panel.webview);
      this.panel.reveal(undefined, true);
      return this.panel;
    }
    const panel = vscode.window.createWebviewPanel(ASSISTANT_VIEW, 'Docs Assistant', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      localResourceRoots: [],
    });
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.exchanges.length = 0;
    });
    // Messages posted before the page listened are lost: on load, the page asks for everything again ('ready').
    panel.webview.onDidReceiveMessage((message: PanelMessage) => void this.handle(message));
    panel.webview.html = this.page(panel.webview);
    this.panel = panel;
    return panel;
  }

  private page(webview: vscode.Webview): string {
    const nonce = scriptNonce();
    const sections = this.exchanges
      .map(
        (exchange, index) =>
          `<section><h3 class="question">${escapeHtml(exchange.question)}</h3><div class="answer" id="answer-${index}">${exchange.html}</div>` +
          `<button class="copy" data-index="${index}" title="Copy the answer as Markdown">Copy</button></section>`,
      )
      .join('');
    return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${webview.cspSource} https: data:; style-src 'unsafe-inline'; script-src 'nonce-${nonce}';">
<style>
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); padding: 0 16px; }
.question { border-left: 3px solid var(--vscode-textLink-foreground); padding-left: 8px; }
.answer pre { background: var(--vscode-textCodeBlock-background); padding: 8px; overflow-x: auto; }
.answer code { font-family: var(--vscode-editor-font-family); }
.error { color: var(--vscode-errorForeground); }
button { color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: none; padding: 4px 10px; cursor: pointer; }
button.copy { color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground); }
form { display: flex; gap: 6px; margin: 16px 0; }
input { flex: 1; color: var(--vscode-input-foreground); background: var(--vscode-input-background); border: 1px solid var(--vscode-input-border, transparent); padding: 4px; }
</style></head>
<body>${sections}
<form id="follow-up"><input id="question" placeholder="Ask a follow-up question" aria-label="Follow-up question"><button type="submit">Ask</button></form>
<script nonce="${nonce}">
const vscode = acquireVsCodeApi();
window.addEventListener('message', (event) => {
  const message = event.data;
  if (message.type !== 'answer') return;
  const target = document.getElementById('answer-' + message.index);
  if (target) { target.innerHTML = message.html; target.dataset.done = String(message.done); }
});
document.addEventListener('click', (event) => {
  const copy = event.target.closest('button.copy');
  if (copy) return vscode.postMessage({ type: 'copy', index: Number(copy.dataset.index) });
  const link = event.target.closest('a[href]');
  if (link) { event.preventDefault(); vscode.postMessage({ type: 'open', href: link.getAttribute('href') }); }
});
document.getElementById('follow-up').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = document.getElementById('question');
  if (input.value.trim()) vscode.postMessage({ type: 'ask', question: input.value });
  input.value = '';
});
vscode.postMessage({ type: 'ready' });
</script></body></html>`;
  }
}

/** The webview type of the assistant panel. */
export const ASSISTANT_VIEW = 'docsJson.assistant';

/** Page paths written as code (`guides/setup`) become links, opened as the answer's other links are. */
export function linkPagePaths(html: string): string {
  return html.replace(PAGE_PATH_CODE, (_, path: string) => `<a href="${path}"><code>${path}</code></a>`);
}

/** Markdown to HTML with the renderer of VS Code's built-in Markdown extension; plain text if it is absent. */
async function renderMarkdown(markdown: string): Promise<string> {
  try {
    const html = await vscode.commands.executeCommand<string>('markdown.api.render', markdown);
    if (typeof html === 'string') return html;
  } catch {
    // The Markdown extension is disabled: fall back to text.
  }
  return `<pre>${escapeHtml(markdown)}</pre>`;
}
