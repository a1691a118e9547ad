import * as vscode from 'vscode';
import { SearchResult } from '../../../api/src';
import { findDocsJsonFiles, localPageFor } from '../docs-files';
import { ServiceConnector } from '../service';
import { ensureSettings } from '../settings';

interface ResultItem extends vscode.QuickPickItem {
  result: SearchResult;
  local?: vscode.Uri;
}

const TYPING_PAUSE_MS = 300;

/** What the search opened: the local page file, or the page's URL on the site. */
export type SearchOutcome = { opened: vscode.Uri; local: boolean } | undefined;

/** Search Documentation: a quick pick that asks the service as the user types; a result with a local page opens that file. */
export class SearchCommand {
  constructor(private readonly service: ServiceConnector) {}

  async run(initialQuery?: string): Promise<SearchOutcome> {
    const settings = await ensureSettings('Search Documentation', 'baseUrl', 'siteDomain');
    if (!settings) return undefined;
    const client = await this.service.connect('assistant', 'Search Documentation', settings);
    if (!client) return undefined;
    const docsJsonFiles = await findDocsJsonFiles();

    const pick = vscode.window.createQuickPick<ResultItem>();
    pick.title = `Docs: search ${settings.siteDomain}`;
    pick.placeholder = 'Search the documentation';
    pick.matchOnDescription = true;
    pick.matchOnDetail = true;
    let generation = 0;
    let timer: NodeJS.Timeout | undefined;
    let controller: AbortController | undefined;

    const search = async (query: string) => {
      const current = ++generation;
      controller?.abort();
      controller = new AbortController();
      if (!query.trim()) {
        pick.items = [];
        pick.busy = false;
        return;
      }
      pick.busy = true;
      try {
        const results = await client.search({ domain: settings.siteDomain, query: query.trim() }, { signal: controller.signal });
        const items = await Promise.all(results.map((result) => this.item(result, docsJsonFiles)));
        if (current !== generation) return;
        pick.items = items;
        if (items.length === 0) pick.placeholder = `Nothing found for "${query.trim()}"`;
      } catch (error) {
        if (current !== generation) return;
        pick.hide();
        this.service.showError(error, 'assistant');
      } finally {
        if (current === generation) pick.busy = false;
      }
    };

    const outcome = new Promise<SearchOutcome>((resolve) => {
      let chosen: ResultItem | undefined;
      pick.onDidChangeValue((value) => {
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => void search(value), TYPING_PAUSE_MS);
      });
      pick.onDidAccept(() => {
        chosen = pick.selectedItems[0] ?? pick.activeItems[0];
        if (chosen) pick.hide();
      });
      pick.onDidHide(() => {
        if (timer) clearTimeout(timer);
        controller?.abort();
        pick.dispose();
        resolve(chosen ? this.open(chosen, settings.siteDomain) : undefined);
      });
    });
    pick.value = initialQuery ?? '';
    pick.show();
    if (initialQuery) await search(initialQuery);
    return outcome;
  }

  private async item(result: SearchResult, docsJsonFiles: vscode.Uri[]): Promise<ResultItem> {
    const local = await localPageFor(result.path, docsJsonFiles);
    const title = typeof result.metadata.title === 'string' && result.metadata.title.trim() ? result.metadata.title : result.path;
    return {
      label: `${local ? '$(file)' : '$(link-external)'} ${title}`,
      description: local ? vscode.workspace.asRelativePath(local) : result.path,
      detail: result.content.replace(/\s+/g, ' ').slice(0, 160),
      alwaysShow: true,
      result,
      local,
    };
  }

  private async open(item: ResultItem, siteDomain: string): Promise<SearchOutcome> {
    if (item.local) {
      await vscode.window.showTextDocument(item.local);
      return { opened: item.local, local: true };
    }
    const path = item.result.path.startsWith('/') ? item.result.path : `/${item.result.path}`;
    const url = /^https?:\/\//i.test(item.result.path) ? vscode.Uri.parse(item.result.path) : vscode.Uri.parse(`https://${siteDomain}${path}`);
    await vscode.env.openExternal(url);
    return { opened: url, local: false };
  }
}
