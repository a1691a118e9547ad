// Seeded fuzzing of the language server over the protocol: each case sends a mutated corpus docs.json as the
// editor's text, asks for every feature at random positions and checks what comes back.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from './temp-dir';
import { describeCase, FuzzReport, loadFuzzFixtures, makeCase, saveFailingInput, caseRandom } from './fuzz-checker';
import { lspLines, lspRangeProblem, RawLspSession, uriOf } from './fuzz-lsp';

type LspRange = Parameters<typeof lspRangeProblem>[1];

const POSITION_REQUESTS = ['textDocument/hover', 'textDocument/completion', 'textDocument/definition'];

/** Ranges in an answer that must lie inside the document: symbols, links, edits, hover ranges. */
function rangesIn(value: unknown, uri: string, out: LspRange[] = []): LspRange[] {
  if (Array.isArray(value)) for (const item of value) rangesIn(item, uri, out);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.uri === 'string' && record.uri !== uri) return out; // a location in another file
    for (const key of ['range', 'selectionRange']) {
      const range = record[key] as LspRange;
      if (range && typeof range === 'object' && 'start' in range) out.push(range);
    }
    for (const [key, child] of Object.entries(record)) {
      // Edits to other files (a quick fix creating a page) are checked against their own documents, not this one.
      if (key === 'changes' || key === 'documentChanges' || key === 'range' || key === 'selectionRange') continue;
      if (child && typeof child === 'object') rangesIn(child, uri, out);
    }
  }
  return out;
}

/**
 * Runs `count` cases (cropped corpus files unless `crop` is false) against one server that holds every fixture. Every case's answers
 * must be well-formed with ranges inside the text; every `diagnosticsEvery`-th case also waits for the published
 * diagnostics of that version (the server waits 200 ms after a change before it publishes) and checks them.
 */
export async function runServerFuzz(options: {
  seed: number;
  count: number;
  first?: number;
  crop?: boolean;
  diagnosticsEvery?: number;
  maxFailures?: number;
  /** A case whose answers take longer (twice) fails: for the long runs of scripts/fuzz.ts, never a test (the machine's speed is no finding). */
  maxCaseMs?: number;
}): Promise<FuzzReport> {
  const { seed, count, first = 0, crop = true, diagnosticsEvery = 10, maxFailures = 20, maxCaseMs = Infinity } = options;
  const base = tempDir('fuzz-server-');
  const fixtures = loadFuzzFixtures(base);
  const session = await RawLspSession.start(base);
  const report: FuzzReport = { cases: 0, maxMs: 0, slowest: '', meanMs: 0, failures: [], mutationCounts: {} };
  const versions = new Map<string, number>();
  let total = 0;
  try {
    for (let n = 0; n < count && report.failures.length < maxFailures && session.alive; n++) {
      const fuzzCase = makeCase(seed, first + n, fixtures, crop);
      if (fuzzCase.target !== 'docs.json') continue;
      for (const name of fuzzCase.applied) report.mutationCounts[name] = (report.mutationCounts[name] ?? 0) + 1;
      const fixture = fixtures.find((f) => f.name === fuzzCase.fixture)!;
      const uri = uriOf(path.join(fixture.workspace.root, 'docs.json'));
      const lines = lspLines(fuzzCase.text);
      const random = caseRandom(seed ^ 0x5bd1e995, first + n);
      const problems: string[] = [];
      const send = () => {
        const version = (versions.get(uri) ?? 0) + 1;
        versions.set(uri, version);
        if (version === 1) session.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version, text: fuzzCase.text } });
        else session.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text: fuzzCase.text }] });
        return version;
      };
      const ask = async () => {
        const line = random.int(0, lines.length - 1);
        const position = { line, character: random.int(0, lines[line].length) };
        const requests: [string, unknown][] = [
          ...POSITION_REQUESTS.map((method): [string, unknown] => [method, { textDocument: { uri }, position }]),
          ['textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: position }, context: { diagnostics: [] } }],
          ['textDocument/documentSymbol', { textDocument: { uri } }],
          ['textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }],
          ['textDocument/documentLink', { textDocument: { uri } }],
          ['docsJson/navigationTree', { uri }],
        ];
        const answers = await Promise.all(requests.map(([method, params]) => session.request(method, params).then((answer) => ({ method, answer }))));
        for (const { method, answer } of answers) {
          if (answer.error) problems.push(`${method} answered error ${JSON.stringify(answer.error).slice(0, 300)}`);
          else if (method !== 'docsJson/navigationTree') {
            for (const range of rangesIn(answer.result, uri)) {
              const problem = lspRangeProblem(lines, range);
              if (problem) problems.push(`${method}: ${problem}`);
            }
          }
        }
      };
      try {
        let version = send();
        let start = performance.now();
        await ask();
        let ms = performance.now() - start;
        if (ms > maxCaseMs) {
          version = send();
          start = performance.now();
          await ask();
          ms = performance.now() - start;
        }
        report.cases++;
        total += ms;
        if (ms > report.maxMs) {
          report.maxMs = ms;
          report.slowest = describeCase(fuzzCase);
        }
        if (ms > maxCaseMs) problems.push(`answers took ${ms.toFixed(0)} ms twice (bound ${maxCaseMs} ms)`);
        if (n % diagnosticsEvery === diagnosticsEvery - 1 || n === count - 1) {
          for (const d of await session.diagnosticsAt(uri, version)) {
            const problem = lspRangeProblem(lines, d.range);
            if (problem) problems.push(`diagnostic ${d.code}: ${problem}`);
          }
        }
      } catch (error) {
        problems.push(String(error).slice(0, 500));
      }
      problems.push(...session.errors.splice(0).map((e) => `server logged an error: ${e.slice(0, 300)}`));
      if (problems.length) report.failures.push(`${describeCase(fuzzCase)}: ${problems.slice(0, 5).join('; ')} (input saved to ${saveFailingInput(fuzzCase)})`);
    }
    if (!session.alive) report.failures.push(`the server exited: ${JSON.stringify(session.exit)}\n${session.stderr}`);
  } finally {
    await session.stop();
  }
  report.meanMs = report.cases ? total / report.cases : 0;
  return report;
}
