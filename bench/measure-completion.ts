import * as fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createLanguageService } from '../server/src/language';
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

/** Completion through the language service's entry, in process, after a finished check. */
export function measureCompletionInProcess(repo: string, root: string, requests: number, seed: number): CompletionFigures {
  const service = createLanguageService();
  const [project] = service.addWorkspaceFolder(root);
  const uri = pathToFileURL(project.docsJsonPath).href;
  // Open, as in an editor: the service reads the editor's text, not the disk's, on every request.
  service.openDocument(uri, fs.readFileSync(project.docsJsonPath, 'utf8'));
  service.check(project);
  const model = project.model();
  const started = performance.now();
  project.catalog().orderedIds(project.reached());
  const catalogBuildMs = performance.now() - started;
  const points = completionPoints(model, requests, new SeededRandom(seed));
  const run = (list: CompletionPoint[]) => {
    const times: number[] = [];
    const items: number[] = [];
    const warmUp = list.slice(0, 10);
    for (const [i, point] of [...warmUp, ...list].entries()) {
      const position = model.file.lines.positionAt(point.offset);
      const start = performance.now();
      const answer = service.complete(project, uri, position, { snippets: true });
      const ms = performance.now() - start;
      if (i >= warmUp.length) {
        times.push(ms);
        items.push(answer?.items.length ?? 0);
      }
    }
    return latency(times, items);
  };
  return { repo, files: project.files.size, page: run(points.page), endpoint: run(points.endpoint), catalogBuildMs: round(catalogBuildMs) };
}
