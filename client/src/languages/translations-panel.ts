// *Docs: Show Translations*: pages × languages of `navigation.languages` as a grid (issue 37), each cell opening its
// file or offering the fix the server has for it (list an existing translation, create a missing one). The webview
// only asks; every URI and fix it names is looked up again here among what the server answered.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { GridCell, GridRowCell, LANGUAGE_GRID_REQUEST, LanguageGrid, TRANSLATION_MISSING_CODE } from '../../../server/src/protocol';
import { findDocsJsonFiles } from '../docs-files';
import { escapeHtml, scriptNonce } from '../webview-html';

export const TRANSLATIONS_PANEL = 'docsJson.translations';

const CELL_TEXT: Record<GridCell, string> = { present: '✓', unlisted: 'not listed', missing: 'missing', fallback: 'fallback' };
const CELL_TITLE: Record<GridCell, string> = {
  present: 'Listed in this language',
  unlisted: 'The file exists; the navigation does not list it',
  missing: 'No translation',
  fallback: 'This language lists another language’s page here',
};

/** What the command answers (for tests and other extensions): the docs.json shown and its grids. */
export interface TranslationsShown {
  docsJson: string;
  grids: LanguageGrid[];
}

export class TranslationsPanel {
  private panel: vscode.WebviewPanel | undefined;
  private docsJson: vscode.Uri | undefined;
  private grids: LanguageGrid[] = [];

  constructor(private readonly client: () => LanguageClient | undefined) {}

  async show(docsJson?: vscode.Uri): Promise<TranslationsShown | undefined> {
    const client = this.client();
    const target = docsJson ?? (await chooseDocsJson());
    if (!client || !target) {
      void vscode.window.showInformationMessage(target ? 'The docs.json language server is not running.' : 'No docs.json in this workspace.');
      return undefined;
    }
    this.docsJson = target;
    this.grids = (await client.sendRequest<LanguageGrid[]>(LANGUAGE_GRID_REQUEST, { uri: target.toString() })) ?? [];
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(TRANSLATIONS_PANEL, 'Translations', vscode.ViewColumn.Active, { enableScripts: true, localResourceRoots: [] });
      this.panel.onDidDispose(() => (this.panel = undefined));
      this.panel.webview.onDidReceiveMessage((message: unknown) => void this.answer(message));
    }
    this.panel.title = `Translations: ${vscode.workspace.asRelativePath(target)}`;
    this.panel.webview.html = renderGrids(this.grids, scriptNonce());
    this.panel.reveal();
    return { docsJson: target.toString(), grids: this.grids };
  }

  /** The page the panel shows (for tests), or undefined when it is closed. */
  get html(): string | undefined {
    return this.panel?.webview.html;
  }

  /** A cell's click: `[grid, row, column]`, looked up among the grids shown (never a URI the page sends). */
  private async answer(message: unknown): Promise<void> {
    const m = message as { type?: unknown; at?: unknown };
    if (!Array.isArray(m.at) || m.at.length !== 3 || !m.at.every((n) => Number.isInteger(n))) return;
    const [g, r, c] = m.at as number[];
    const cell = this.grids[g]?.rows[r]?.cells[c];
    if (!cell || !this.docsJson) return;
    if (m.type === 'open' && cell.file) await vscode.window.showTextDocument(vscode.Uri.parse(cell.file), { preview: false });
    else if (m.type === 'fix') await this.fix(cell.page, cell.cell);
  }

  /** Applies the server's fix of the translation-missing finding that names `page` (a missing or unlisted cell), then shows the grid again. */
  async fix(page: string, cell: GridCell): Promise<boolean> {
    const docsJson = this.docsJson;
    if (!docsJson || (cell !== 'missing' && cell !== 'unlisted')) return false;
    const finding = vscode.languages.getDiagnostics(docsJson).find((d) => codeOf(d) === TRANSLATION_MISSING_CODE && d.message.includes(`"${page}"`));
    if (!finding) {
      void vscode.window.showInformationMessage(`No fix for '${page}' here: open docs.json to see the finding of its language.`);
      return false;
    }
    const actions = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', docsJson, finding.range, vscode.CodeActionKind.QuickFix.value)) ?? [];
    // VS Code hands code actions back without their diagnostics: the fix is the one that names the page.
    const action = actions.find((a) => a.edit && (a.title.includes(`'${page}'`) || a.title.includes(`'${page}.mdx'`)));
    if (!action?.edit) return false;
    const applied = await vscode.workspace.applyEdit(action.edit);
    if (applied) await this.show(docsJson);
    return applied;
  }
}

/** A translation's drift from its source (issue 51), after its cell's word: how many structural differences, older. */
export function driftText(cell: GridRowCell): string {
  const parts: string[] = [];
  if (cell.differences) parts.push(`${cell.differences} ${cell.differences === 1 ? 'difference' : 'differences'}`);
  if (cell.outdated) parts.push('older than source');
  return parts.length ? ` · ${parts.join(', ')}` : '';
}

function driftCounts(grid: LanguageGrid, i: number): string {
  const drift = grid.drift?.[i];
  return drift && (drift.differing || drift.outdated) ? `; ${drift.differing} differ from the source, ${drift.outdated} older than it` : '';
}

function hasGap(row: LanguageGrid['rows'][number]): boolean {
  return row.cells.some((cell) => cell.cell === 'missing' || cell.cell === 'unlisted');
}

function codeOf(d: vscode.Diagnostic): string | undefined {
  return typeof d.code === 'object' ? String(d.code.value) : d.code === undefined ? undefined : String(d.code);
}

export async function chooseDocsJson(): Promise<vscode.Uri | undefined> {
  const files = await findDocsJsonFiles();
  const active = vscode.window.activeTextEditor?.document.uri.toString();
  const holding = active && files.filter((f) => active.startsWith(f.toString().replace(/docs\.json$/, ''))).sort((a, b) => b.toString().length - a.toString().length)[0];
  if (holding) return holding;
  if (files.length <= 1) return files[0];
  const picked = await vscode.window.showQuickPick(files.map((f) => ({ label: vscode.workspace.asRelativePath(f), uri: f })), { placeHolder: 'Which docs.json?' });
  return picked?.uri;
}


/** The page of the grids: a table per `languages` list, counts first; script only posts a cell's place back. */
export function renderGrids(grids: LanguageGrid[], scriptNonce: string): string {
  const body = grids.length
    ? grids.map((grid, g) => renderGrid(grid, g)).join('\n')
    : '<p>This docs.json has no <code>navigation.languages</code> with two languages or more.</p>';
  return `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${scriptNonce}';">
<style>
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); }
table { border-collapse: collapse; } th, td { padding: 2px 8px; border-bottom: 1px solid var(--vscode-editorWidget-border); text-align: left; }
td.present { color: var(--vscode-testing-iconPassed); } td.missing { color: var(--vscode-errorForeground); }
td.unlisted, td.fallback { color: var(--vscode-editorWarning-foreground); }
table.gaps-only tbody tr:not(.gap) { display: none; }
button { font: inherit; cursor: pointer; background: none; border: none; color: inherit; text-decoration: underline; padding: 0; }
</style></head><body>
${body}
<script nonce="${scriptNonce}">
const vscode = acquireVsCodeApi();
document.body.addEventListener('change', (event) => {
  const filter = event.target.closest('[data-filter]');
  if (filter) document.getElementById(filter.dataset.filter).classList.toggle('gaps-only', filter.checked);
});
document.body.addEventListener('click', (event) => {
  const target = event.target.closest('[data-at]');
  if (target) vscode.postMessage({ type: target.dataset.type, at: JSON.parse(target.dataset.at) });
});
</script></body></html>`;
}

function renderGrid(grid: LanguageGrid, g: number): string {
  const head = grid.languages.map((code, i) => `<th>${escapeHtml(code)}${i === 0 ? ' (default)' : ''}</th>`).join('');
  const counts = grid.counts
    .map((c, i) => `<td>${i === 0 ? `${grid.pages[0]} pages` : `${grid.pages[i]} pages: ${c.present} listed, ${c.missing} missing, ${c.unlisted} not listed, ${c.fallback} fallback${driftCounts(grid, i)}`}</td>`)
    .join('');
  const rows = grid.rows
    .map((row, r) => {
      const cells = row.cells
        .map((cell, c) => {
          const at = escapeHtml(JSON.stringify([g, r, c]));
          const text = escapeHtml(c === 0 ? row.page : CELL_TEXT[cell.cell] + driftText(cell));
          const action =
            cell.cell === 'missing' || cell.cell === 'unlisted'
              ? `<button data-type="fix" data-at="${at}" title="${escapeHtml(`${CELL_TITLE[cell.cell]}: fix '${cell.page}'`)}">${text}</button>`
              : cell.file
                ? `<button data-type="open" data-at="${at}" title="${escapeHtml(`${CELL_TITLE[cell.cell]}: open ${cell.page}`)}">${text}</button>`
                : text;
          return `<td class="${cell.cell}">${action}</td>`;
        })
        .join('');
      return hasGap(row) ? `<tr class="gap">${cells}</tr>` : `<tr>${cells}</tr>`;
    })
    .join('\n');
  const gaps = grid.rows.filter(hasGap).length;
  // The rows a writer acts on: a translation missing, or written and not listed (the cells with a fix).
  const filter = `<p><label><input type="checkbox" data-filter="grid-${g}"${gaps ? '' : ' disabled'}> Only pages with a missing translation (${gaps})</label></p>`;
  return `<h2>${grid.languages.map(escapeHtml).join(' · ')}</h2>${filter}<table id="grid-${g}"><thead><tr>${head}</tr><tr>${counts}</tr></thead><tbody>\n${rows}\n</tbody></table>`;
}
