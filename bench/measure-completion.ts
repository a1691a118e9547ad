import { pathToFileURL } from 'node:url';
import { checkDocs, DocsWorkspace, readTextFromDisk } from '../server/src/checker';
import { completeAt } from '../server/src/features/completion';
import { DocsContext } from '../server/src/features/docs-context';
import { PageCatalog, reachedPages } from '../server/src/features/page-catalog';
import { CompletionPoint, completionPoints } from './completion-points';
import { SeededRandom } from './seeded-random';
import { median, percentile, round } from './stats';

export interface LatencyFigures {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  /** Median number of items answered: a check that completion really answered. */
  medianItems: number;
}

export interface CompletionFigures {
  repo: string;
  files: number;
  page: LatencyFigures;
  endpoint: LatencyFigures;
  /** Work done once per file-index change, not per request: the page catalog and the reached pages. */
  catalogBuildMs: number;
}

export function latency(times: number[], items: number[]): LatencyFigures {
  return { requests: times.length, p50Ms: round(percentile(times, 50), 3), p95Ms: round(percentile(times, 95), 3), medianItems: median(items) };
}

/** Completion through the server's own feature function (`completeAt`), over the model of a finished check. */
export function measureCompletionInProcess(repo: string, root: string, requests: number, seed: number): CompletionFigures {
  const workspace = new DocsWorkspace(root);
  const { model } = checkDocs(workspace);
  const started = performance.now();
  const catalog = new PageCatalog(workspace.files);
  const reached = reachedPages(model, workspace.files);
  catalog.orderedIds(reached);
  const catalogBuildMs = performance.now() - started;
  const ctx: DocsContext = {
    model,
    workspace,
    catalog,
    reached,
    uriOf: (file) => pathToFileURL(file).href,
    readText: readTextFromDisk,
  };
  const points = completionPoints(model, requests, new SeededRandom(seed));
  const run = (list: CompletionPoint[]) => {
    const times: number[] = [];
    const items: number[] = [];
    const warmUp = list.slice(0, 10);
    for (const [i, point] of [...warmUp, ...list].entries()) {
      const start = performance.now();
      const answer = completeAt(ctx, model.file, point.offset, { snippets: true });
      const ms = performance.now() - start;
      if (i >= warmUp.length) {
        times.push(ms);
        items.push(answer.items.length);
      }
    }
    return latency(times, items);
  };
  return { repo, files: workspace.files.size, page: run(points.page), endpoint: run(points.endpoint), catalogBuildMs: round(catalogBuildMs) };
}
