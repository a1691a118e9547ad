import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CompletionList, Hover, HoverRequest, Position } from 'vscode-languageserver-protocol/node';
import { startLspSession } from './lsp-session';
import { percentile, round } from './stats';

export interface SpecLoadingFigures {
  specBytes: number;
  operations: number;
  /** From the first diagnostics (the check that asked for the spec) to the first endpoint completion that lists its operations. */
  endpointsReadyMs: number;
  /** Requests answered while the spec loaded: hover on a page entry and page completion, sent one after another. */
  whileLoading: { requests: number; hoverP95Ms: number; pageCompletionP95Ms: number; maxMs: number };
  /** The same requests once the spec is read: the baseline of the same run. */
  loaded: { requests: number; hoverP95Ms: number; pageCompletionP95Ms: number };
  /** p95 while loading ÷ p95 loaded (the worse of hover and page completion). */
  p95ToLoaded: number;
}

const PAGES = 50;

/**
 * A docs folder whose navigation inherits a YAML spec of about `megabytes` MB, written in block style as specs
 * are (summary, operationId, description, parameters and responses per operation), and 50 pages.
 */
export function writeSpecSite(megabytes: number): { root: string; operations: number; specBytes: number } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-json-bench-spec-'));
  const chunks = ['openapi: 3.1.0\ninfo:\n  title: Big\n  version: "1"\npaths:\n'];
  let bytes = chunks[0].length;
  let operations = 0;
  for (let i = 0; bytes < megabytes * 1e6; i++) {
    for (const method of ['get', 'post']) {
      const chunk =
        (method === 'get' ? `  /items${i}/{id}:\n` : '') +
        `    ${method}:\n      summary: ${method === 'get' ? 'Retrieve' : 'Create'} item ${i}\n      operationId: ${method}Item${i}\n` +
        `      description: |\n        ${'Describes the item and what the call does with it. '.repeat(3)}\n` +
        '      parameters:\n        - name: id\n          in: path\n          required: true\n          schema:\n            type: string\n' +
        "      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n" +
        "              schema:\n                $ref: '#/components/schemas/Item'\n";
      chunks.push(chunk);
      bytes += chunk.length;
      operations++;
    }
  }
  chunks.push('components:\n  schemas:\n    Item:\n      type: object\n');
  fs.writeFileSync(path.join(root, 'openapi.yaml'), chunks.join(''));
  const pages = Array.from({ length: PAGES }, (_, i) => `guides/page-${i}`);
  for (const page of pages) {
    fs.mkdirSync(path.join(root, path.dirname(page)), { recursive: true });
    fs.writeFileSync(path.join(root, `${page}.mdx`), `---\ntitle: Page ${page}\n---\n`);
  }
  const docs = {
    name: 'Spec loading',
    theme: 'mint',
    colors: { primary: '#0B7D62' },
    navigation: { groups: [{ group: 'Guides', pages: [...pages, 'guides/p'] }, { group: 'API', openapi: 'openapi.yaml', pages: ['GET /items1/{id}', 'GET /items'] }] },
  };
  fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify(docs, null, 2));
  return { root, operations, specBytes: bytes };
}

/**
 * The server started on a site with a 20 MB YAML spec: from its first check on, hover and page completion are
 * sent one after another (each when the previous answered), with an endpoint completion between rounds, until the
 * endpoint completion lists the spec's operations. Then as many rounds again, as the baseline.
 */
export async function measureSpecLoading(serverScript: string, megabytes = 20, timeoutMs = 120_000): Promise<SpecLoadingFigures> {
  const site = writeSpecSite(megabytes);
  try {
    const text = fs.readFileSync(path.join(site.root, 'docs.json'), 'utf8');
    const positionOf = (needle: string, shift: number): Position => {
      const offset = text.indexOf(needle) + shift;
      const before = text.slice(0, offset).split('\n');
      return { line: before.length - 1, character: before[before.length - 1].length };
    };
    const pageHover = positionOf('"guides/page-7"', 2);
    const pageCompletion = positionOf('"guides/p"', 9);
    const endpointCompletion = positionOf('"GET /items"', 11);

    const session = await startLspSession(serverScript, site.root, timeoutMs);
    try {
      const started = performance.now();
      const hover = () => session.connection.sendRequest(HoverRequest.type, { textDocument: { uri: session.docsJsonUri }, position: pageHover }) as Promise<Hover | null>;
      const timed = async <T>(request: () => Promise<T>, into: number[]): Promise<T> => {
        const t = performance.now();
        const answer = await request();
        into.push(performance.now() - t);
        return answer;
      };
      const hovers: number[] = [];
      const pages: number[] = [];
      const endpointsListed = (list: CompletionList | null) => list?.items.some((i) => i.label.startsWith('GET /items')) ?? false;
      let endpointsReadyMs = NaN;
      while (performance.now() - started < timeoutMs) {
        await timed(hover, hovers);
        await timed(() => session.complete(pageCompletion), pages);
        if (endpointsListed(await session.complete(endpointCompletion))) {
          endpointsReadyMs = performance.now() - started;
          break;
        }
      }
      if (!Number.isFinite(endpointsReadyMs)) throw new Error(`endpoint completion did not list the spec's operations within ${timeoutMs} ms`);
      const loadedHovers: number[] = [];
      const loadedPages: number[] = [];
      for (let i = 0; i < Math.max(20, hovers.length); i++) {
        await timed(hover, loadedHovers);
        await timed(() => session.complete(pageCompletion), loadedPages);
      }
      const whileLoading = {
        requests: hovers.length + pages.length,
        hoverP95Ms: round(percentile(hovers, 95), 2),
        pageCompletionP95Ms: round(percentile(pages, 95), 2),
        maxMs: round(Math.max(...hovers, ...pages), 2),
      };
      const loaded = { requests: loadedHovers.length + loadedPages.length, hoverP95Ms: round(percentile(loadedHovers, 95), 2), pageCompletionP95Ms: round(percentile(loadedPages, 95), 2) };
      const p95ToLoaded = round(Math.max(whileLoading.hoverP95Ms / loaded.hoverP95Ms, whileLoading.pageCompletionP95Ms / loaded.pageCompletionP95Ms), 2);
      return { specBytes: site.specBytes, operations: site.operations, endpointsReadyMs: round(endpointsReadyMs, 0), whileLoading, loaded, p95ToLoaded };
    } finally {
      await session.close();
    }
  } finally {
    fs.rmSync(site.root, { recursive: true, force: true });
  }
}
