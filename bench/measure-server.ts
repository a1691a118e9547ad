import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkDocs, DocsWorkspace, LineMap } from '../server/src/checker';
import { completionPoints } from './completion-points';
import { LspSession, startLspSession } from './lsp-session';
import { LatencyFigures, latency } from './measure-completion';
import { SeededRandom } from './seeded-random';
import { median, round } from './stats';

export interface ColdStartFigures {
  repo: string;
  runs: number;
  /** Median milliseconds from spawning `node server.js --stdio` to the first diagnostics of docs.json. */
  medianMs: number;
  /** The same for the start before them, which found no code cache (the first start after an install or update). */
  firstStartMs: number;
  samplesMs: number[];
  /** Median CPU time of the server by then: what the start costs on a machine with nothing else to do. */
  medianCpuMs: number | undefined;
  diagnostics: number;
}

/**
 * Starts the server on the repo as an editor opening it: once with an empty code cache folder, which that start
 * fills, then `runs` times more with it.
 */
export async function measureColdStart(serverScript: string, repo: string, root: string, runs: number): Promise<ColdStartFigures> {
  const codeCache = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-json-bench-code-cache-'));
  const samples: number[] = [];
  const cpu: number[] = [];
  let diagnostics = 0;
  let firstStartMs = 0;
  try {
    const first = await startLspSession(serverScript, root, undefined, undefined, codeCache);
    firstStartMs = first.firstDiagnosticsMs;
    await first.close();
    for (let i = 0; i < runs; i++) {
      const session = await startLspSession(serverScript, root, undefined, undefined, codeCache);
      samples.push(session.firstDiagnosticsMs);
      if (session.firstDiagnosticsCpuMs !== undefined) cpu.push(session.firstDiagnosticsCpuMs);
      diagnostics = session.firstDiagnostics.diagnostics.length;
      await session.close();
    }
  } finally {
    fs.rmSync(codeCache, { recursive: true, force: true });
  }
  return { repo, runs, medianMs: round(median(samples)), firstStartMs: round(firstStartMs), samplesMs: samples.map((s) => round(s, 1)), medianCpuMs: cpu.length ? median(cpu) : undefined, diagnostics };
}

export interface ProtocolCompletionFigures {
  repo: string;
  page: LatencyFigures;
  endpoint: LatencyFigures;
}

/** Completion requests over stdio, one at a time, timed from sending to the parsed answer. */
export async function measureCompletionOverProtocol(serverScript: string, repo: string, root: string, requests: number, seed: number): Promise<ProtocolCompletionFigures> {
  const { model } = checkDocs(new DocsWorkspace(root));
  const points = completionPoints(model, requests, new SeededRandom(seed));
  const session = await startLspSession(serverScript, root);
  try {
    const run = async (list: typeof points.page) => {
      const times: number[] = [];
      const items: number[] = [];
      const warmUp = list.slice(0, 10);
      for (const [i, point] of [...warmUp, ...list].entries()) {
        const start = performance.now();
        const answer = await session.complete(model.file.lines.positionAt(point.offset));
        const ms = performance.now() - start;
        if (i >= warmUp.length) {
          times.push(ms);
          items.push(answer?.items.length ?? 0);
        }
      }
      return latency(times, items);
    };
    return { repo, page: await run(points.page), endpoint: await run(points.endpoint) };
  } finally {
    await session.close();
  }
}

export interface ServerMemoryFigures {
  repo: string;
  /** VmHWM of the server after opening docs.json, its first check and `edits` keystrokes re-checked. */
  peakRssMb: number | undefined;
  firstDiagnosticsMs: number;
  edits: number;
}

/**
 * Opens the repo in the server, types `edits` characters (each re-checked), asks for a page path and an endpoint
 * completion (which build the page catalog and the endpoint items), and reads the server's peak RSS.
 */
export async function measureServerMemory(serverScript: string, repo: string, root: string, edits: number, seed: number): Promise<ServerMemoryFigures> {
  const session: LspSession = await startLspSession(serverScript, root);
  try {
    const { model } = checkDocs(new DocsWorkspace(root));
    // From the end of the file backwards, so that each insertion leaves the offsets still to come in place.
    const points = completionPoints(model, edits, new SeededRandom(seed)).page.sort((a, b) => b.offset - a.offset);
    let text = model.file.text;
    for (const [i, point] of points.entries()) {
      const lines = new LineMap(text);
      const at = lines.positionAt(point.offset);
      session.change(i + 2, at, at, 'x');
      text = text.slice(0, point.offset) + 'x' + text.slice(point.offset);
      await session.nextDiagnostics();
    }
    // Points before the first edit keep their offsets in the edited text.
    const first = Math.min(...points.map((p) => p.offset));
    const asked = completionPoints(model, 20, new SeededRandom(seed + 1));
    const lines = new LineMap(text);
    for (const point of [asked.page.find((p) => p.offset < first), asked.endpoint.find((p) => p.offset < first)]) {
      if (point) await session.complete(lines.positionAt(point.offset));
    }
    return { repo, peakRssMb: round(session.peakRssMb() ?? NaN, 1), firstDiagnosticsMs: round(session.firstDiagnosticsMs), edits: points.length };
  } finally {
    await session.close();
  }
}
