import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'jsonc-parser';
import type { NavigationTreeNode, PageRow } from '../server/src/protocol';
import { startLspSession } from './lsp-session';
import { median, round } from './stats';

export interface DocsViewFigures {
  repo: string;
  /** Medians over `runs` requests each, over the protocol (sent to parsed answer). */
  runs: number;
  /** The whole tree, as a client that asks for everything gets it. */
  wholeMs: number;
  wholeBytes: number;
  /** What the Docs view asks first: the top level. */
  topMs: number;
  topBytes: number;
  topNodes: number;
  /** One level below: the children of the first top node that has some. */
  levelMs: number;
  levelNodes: number;
  /** The titles and link problems of the pages of the first level that lists pages (at most 100). */
  rowsMs: number;
  rows: number;
  /** Baseline, in this process: jsonc-parser's `parse` of the same docs.json. */
  parseMs: number;
  topToParse: number;
}

/**
 * The Docs view's requests over stdio on a repo: the whole tree, then what the view asks for (the top level, a level
 * below, the rows of its pages), against the bare parse of the same docs.json.
 */
export async function measureDocsView(serverScript: string, repo: string, root: string, runs: number): Promise<DocsViewFigures> {
  const text = fs.readFileSync(path.join(root, 'docs.json'), 'utf8');
  const parses: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    parse(text);
    parses.push(performance.now() - start);
  }
  const session = await startLspSession(serverScript, root);
  try {
    const uri = session.docsJsonUri;
    const timed = async <T>(method: string, params: unknown): Promise<{ ms: number; answer: T; bytes: number }[]> => {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        const answer = await session.connection.sendRequest<T>(method, params);
        samples.push({ ms: performance.now() - start, answer, bytes: JSON.stringify(answer).length });
      }
      return samples;
    };
    const mid = <T>(samples: { ms: number; answer: T; bytes: number }[]) => ({ ms: round(median(samples.map((s) => s.ms)), 1), answer: samples[0].answer, bytes: samples[0].bytes });
    const whole = mid(await timed<NavigationTreeNode[]>('docsJson/navigationTree', { uri }));
    const top = mid(await timed<NavigationTreeNode[]>('docsJson/navigationTree', { uri, depth: 1 }));
    const first = top.answer.findIndex((node) => node.childCount > 0);
    const level = mid(await timed<NavigationTreeNode[]>('docsJson/navigationTree', { uri, path: [Math.max(0, first)], depth: 1 }));
    // Down the first nodes with children until a level lists pages.
    let pathTo = [Math.max(0, first)];
    let nodes = level.answer;
    for (let depth = 0; depth < 6 && !nodes.some((node) => node.kind === 'page' && node.target); depth++) {
      const next = nodes.findIndex((node) => node.childCount > 0);
      if (next < 0) break;
      pathTo = [...pathTo, next];
      nodes = await session.connection.sendRequest<NavigationTreeNode[]>('docsJson/navigationTree', { uri, path: pathTo, depth: 1 });
    }
    const pages = nodes.filter((node) => node.kind === 'page' && node.target).slice(0, 100).map((node) => node.target!.uri);
    const rows = mid(await timed<PageRow[]>('docsJson/pageRows', { uri, pages }));
    const parseMs = round(median(parses), 2);
    return {
      repo,
      runs,
      wholeMs: whole.ms,
      wholeBytes: whole.bytes,
      topMs: top.ms,
      topBytes: top.bytes,
      topNodes: top.answer.length,
      levelMs: level.ms,
      levelNodes: level.answer.length,
      rowsMs: rows.ms,
      rows: rows.answer.length,
      parseMs,
      topToParse: round(top.ms / parseMs, 3),
    };
  } finally {
    await session.close();
  }
}
