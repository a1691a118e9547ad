import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { ServiceConnector, signalOf } from '../service';
import { requireSettings } from '../settings';

export interface AssistantResult {
  question: string;
  answer: string;
  threadId?: string;
}

const RENDER_INTERVAL_MS = 120;

/**
 * Ask Assistant: one webview panel that shows each question and renders its markdown answer as it streams.
 * Markdown goes through VS Code's own renderer (`markdown.api.render`); the page runs no script but ours.
 */
export class AssistantPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private readonly exchanges: { question: string; html: string; done: boolean }[] = [];

  constructor(private readonly service: ServiceConnector) {}

  dispose(): void {
    this.panel?.dispose();
  }

  async ask(question?: string): Promise<AssistantResult | undefined> {
    const settings = requireSettings('Ask Assistant', 'baseUrl', 'siteDomain');
    if (!settings) return undefined;
    const text =
      question ??
      (await vscode.window.showInputBox({ title: 'Docs: Ask Assistant', prompt: `Ask the assistant of ${settings.siteDomain}`, ignoreFocusOut: true }));
    if (!text?.trim()) return undefined;
    const client = await this.service.connect('assistant', 'Ask Assistant', settings);
    if (!client) return undefined;

    const exchange = { question: text.trim(), html: '<p><em>Waiting for the answer…</em></p>', done: false };
    this.exchanges.push(exchange);
    const panel = this.reveal();
    let markdown = '';
    let rendered = '';
    let timer: NodeJS.Timeout | undefined;
    const render = async () => {
      timer = undefined;
      if (markdown === rendered) return;
      rendered = markdown;
      exchange.html = await renderMarkdown(markdown);
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
    const panel = vscode.window.createWebviewPanel('docsJson.assistant', 'Docs Assistant', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      localResourceRoots: [],
    });
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.exchanges.length = 0;
    });
    // Messages posted before the page listened are lost: on load, the page asks for everything again.
    panel.webview.onDidReceiveMessage((message) => {
      if (message?.type !== 'ready') return;
      this.exchanges.forEach((exchange, index) => void panel.webview.postMessage({ type: 'answer', index, html: exchange.html, done: exchange.done }));
    });
    panel.webview.html = this.page(panel.webview);
    this.panel = panel;
    return panel;
  }

  private page(webview: vscode.Webview): string {
    const nonce = randomBytes(16).toString('base64');
    const sections = this.exchanges
      .map((exchange, index) => `<section><h3 class="question">${escapeHtml(exchange.question)}</h3><div class="answer" id="answer-${index}">${exchange.html}</div></section>`)
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
</style></head>
<body>${sections}
<script nonce="${nonce}">
window.addEventListener('message', (event) => {
  const message = event.data;
  if (message.type !== 'answer') return;
  const target = document.getElementById('answer-' + message.index);
  if (target) { target.innerHTML = message.html; target.dataset.done = String(message.done); }
});
acquireVsCodeApi().postMessage({ type: 'ready' });
</script></body></html>`;
  }
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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
