// Seeded fuzzing of the checker on mutated corpus files: case generation, the invariants, and a bounded run.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findNodeAtLocation, Node as JsonNode, parseTree } from 'jsonc-parser';
import { SeededRandom } from '../../bench/seeded-random';
import { checkDocs, CheckResult, DocsWorkspace, KIND_TITLE, readTextFromDisk, RULES, SourceFile } from '../../server/src/checker';
import { corpusFixtures, materializeFixture, NO_CORPUS } from './corpus';
import { mutate, MUTATION_NAMES, TEXT_MUTATIONS } from './fuzz-mutations';

/** The per-case bound of the issue: no case may take longer. */
export const MAX_CASE_MS = 1000;

export interface FuzzFixture {
  name: string;
  workspace: DocsWorkspace;
  docsJson: string;
  /** docs.json cut down to single sections of at most CROP_CHARS, still the site's own text: cheap cases. */
  crops: string[];
  /** Every file of the fixture with content (specs, `$ref` parts), as `$ref`/`openapi` targets for mutations. */
  siblingFiles: string[];
  /** Side files small enough to mutate in place of docs.json. */
  sideFiles: string[];
  /** Mutated side-file text served instead of the disk's, by absolute path. */
  overrides: Map<string, string>;
}

export interface FuzzCase {
  seed: number;
  index: number;
  fixture: string;
  /** The file (relative to the fixture) whose text was mutated. */
  target: string;
  applied: string[];
  /** The mutated text of `target`. */
  text: string;
  /** The docs.json text checked: `text` itself, or the unmutated one when a side file was mutated. */
  docsText: string;
  crop: boolean;
}

export interface FuzzReport {
  cases: number;
  maxMs: number;
  slowest: string;
  meanMs: number;
  failures: string[];
  mutationCounts: Record<string, number>;
}

/** Materialized fixture folders, removed when the process exits. */
const made: string[] = [];
process.once('exit', () => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** `base`: lay every fixture out in `base/<name>` (one folder for a language server), else each in a temp dir of its own. */
export function loadFuzzFixtures(base?: string): FuzzFixture[] {
  if (NO_CORPUS) throw new Error(NO_CORPUS);
  if (base) made.push(base);
  const fixtures = corpusFixtures().map((name) => {
    const into = base && path.join(base, name);
    if (into) fs.mkdirSync(into, { recursive: true });
    const root = into ? materializeFixture(name, into) : materializeFixture(name);
    if (!base) made.push(root);
    const docsJson = fs.readFileSync(path.join(root, 'docs.json'), 'utf8');
    const overrides = new Map<string, string>();
    const workspace = new DocsWorkspace(root, undefined, (absolute) => overrides.get(absolute) ?? readTextFromDisk(absolute));
    const withContent = [...workspace.files.all()].filter((f) => fs.statSync(path.join(root, f)).size > 0).sort();
    return {
      name,
      workspace,
      docsJson,
      siblingFiles: withContent,
      sideFiles: withContent.filter((f) => f !== 'docs.json' && fs.statSync(path.join(root, f)).size < 50_000),
      overrides,
      crops: cropsOf(docsJson),
    };
  });
  // Warm every cache (schema compilation, specs) so a first case is not timed with a cold start.
  for (const fixture of fixtures) checkDocs(fixture.workspace, fixture.docsJson);
  return fixtures;
}

export const CROP_CHARS = 20_000;

/**
 * docs.json texts made from `text` by keeping one entry of its largest navigation array, again and again
 * until `navigation` is at most CROP_CHARS long (at most 8 entries are tried per array, 24 crops per file).
 */
export function cropsOf(text: string, limit = 24): string[] {
  const out: string[] = [];
  const queue = [text];
  while (queue.length && out.length < limit) {
    const current = queue.shift()!;
    const navigation = findNodeAtLocation(parseTree(current) ?? ({} as JsonNode), ['navigation']);
    if (!navigation || navigation.length <= CROP_CHARS) {
      out.push(current);
      continue;
    }
    const largest = largestArray(navigation);
    if (!largest?.children) continue;
    const items = largest.children;
    const step = Math.max(1, Math.floor(items.length / 8));
    for (let i = 0; i < items.length; i += step) {
      const item = items[i];
      queue.push(current.slice(0, largest.offset + 1) + current.slice(item.offset, item.offset + item.length) + current.slice(largest.offset + largest.length - 1));
    }
  }
  return out.length ? out : [text];
}

function largestArray(node: JsonNode): JsonNode | undefined {
  let best: JsonNode | undefined;
  const stack = [node];
  while (stack.length) {
    const current = stack.pop()!;
    if (current.type === 'array' && (current.children?.length ?? 0) > 1 && (!best || current.length > best.length)) best = current;
    stack.push(...(current.children ?? []));
  }
  return best;
}

/** Each case has a generator of its own, so any case replays alone from (seed, index). */
export function caseRandom(seed: number, index: number): SeededRandom {
  return new SeededRandom(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35));
}

/** `crop`: start from a cropped docs.json (fast, for the bounded run) rather than the whole file. */
export function makeCase(seed: number, index: number, fixtures: FuzzFixture[], crop = false): FuzzCase {
  const random = caseRandom(seed, index);
  const fixture = random.pick(fixtures);
  const target = fixture.sideFiles.length && random.chance(0.1) ? random.pick(fixture.sideFiles) : 'docs.json';
  const docsJson = crop ? random.pick(fixture.crops) : fixture.docsJson;
  const original = target === 'docs.json' ? docsJson : fs.readFileSync(path.join(fixture.workspace.root, target), 'utf8');
  const names = /\.ya?ml$/.test(target) ? TEXT_MUTATIONS : MUTATION_NAMES;
  const { text, applied } = mutate(original, random, { siblingFiles: fixture.siblingFiles }, names);
  return { seed, index, fixture: fixture.name, target, applied, text, docsText: target === 'docs.json' ? text : docsJson, crop };
}

/** Runs one case: the checker on the mutated text. Exceptions propagate to the caller. */
export function runCase(fixtures: FuzzFixture[], fuzzCase: FuzzCase): { result: CheckResult; ms: number } {
  const fixture = fixtures.find((f) => f.name === fuzzCase.fixture)!;
  const { workspace, overrides } = fixture;
  const sideFile = fuzzCase.target === 'docs.json' ? undefined : path.join(workspace.root, fuzzCase.target);
  if (sideFile) {
    overrides.set(sideFile, fuzzCase.text);
    workspace.invalidate(fuzzCase.target);
  }
  try {
    const start = performance.now();
    const result = checkDocs(workspace, fuzzCase.docsText);
    return { result, ms: performance.now() - start };
  } finally {
    if (sideFile) {
      overrides.delete(sideFile);
      workspace.invalidate(fuzzCase.target);
    }
  }
}

function rangeProblem(file: SourceFile, offset: number, length: number): string | undefined {
  if (!Number.isInteger(offset) || !Number.isInteger(length) || offset < 0 || length < 0) return `bad range ${offset}+${length}`;
  if (offset + length > file.text.length) return `range ${offset}+${length} ends past the document (${file.text.length})`;
  for (const at of [offset, offset + length]) {
    const position = file.lines.positionAt(at);
    if (position.line >= file.lines.lineCount || position.character < 0) return `position ${JSON.stringify(position)} outside the document`;
    // As LSP counts: the character lies on its line, not inside the line break (between \r and \n).
    const before = file.text.slice(at - position.character, at);
    if (before.includes('\r') || before.includes('\n')) return `offset ${at} splits a line break`;
  }
  return undefined;
}

/** Insertions a fix makes: each at an offset inside one of the model's sources, with text. */
function insertionsInside(value: unknown, sources: Set<unknown>): boolean {
  return (
    Array.isArray(value) &&
    value.every((i: { file?: { text?: string }; offset?: unknown; text?: unknown }) =>
      sources.has(i.file) && typeof i.text === 'string' && Number.isInteger(i.offset) && (i.offset as number) >= 0 && (i.offset as number) <= (i.file?.text?.length ?? -1),
    )
  );
}

/** What must hold for every input: well-formed diagnostics whose ranges lie inside their documents. */
export function invariantProblems(result: CheckResult, fuzzCase: FuzzCase): string[] {
  const problems: string[] = [];
  const sources = new Set(result.model.sources);
  for (const d of result.diagnostics) {
    const where = `${d.code} at ${d.offset}`;
    if (!(d.code in RULES) || d.severity !== RULES[d.code]) problems.push(`${where}: unknown code or wrong severity ${d.severity}`);
    if (typeof d.message !== 'string' || d.message.length === 0) problems.push(`${where}: empty message`);
    for (const [key, value] of Object.entries(d.data ?? {})) {
      // Data that is not a string: a mint.json key's rewrite (a path and a JSON value), unlisted-endpoints' insertions
      // (each inside one of the model's sources), killed-url's preferred fix (a boolean).
      const ok =
        typeof value === 'string' ||
        (key === 'rewrite' && Array.isArray((value as { path?: unknown }).path)) ||
        (key === 'insertions' && insertionsInside(value, sources)) ||
        (key === 'preferredFix' && typeof value === 'boolean');
      if (value !== undefined && !ok) problems.push(`${where}: data.${key} is a ${typeof value}, not a string`);
    }
    if (!sources.has(d.file)) problems.push(`${where}: reported in ${d.file.path}, which is not one of the model's sources`);
    const problem = rangeProblem(d.file, d.offset, d.length);
    if (problem) problems.push(`${where}: ${problem}`);
  }
  if (fuzzCase.target === 'docs.json' && result.model.file.text !== fuzzCase.text) problems.push('the model does not hold the checked text');
  for (const element of result.model.elements) {
    if (typeof element.kind !== 'string' || !Object.hasOwn(KIND_TITLE, element.kind)) problems.push(`element of kind ${String(element.kind).slice(0, 40)}`);
    const problem = rangeProblem(element.node.file, element.node.offset, element.node.length);
    if (problem) problems.push(`${element.kind} element: ${problem}`);
  }
  return problems;
}

export function describeCase(fuzzCase: FuzzCase): string {
  return `seed=${fuzzCase.seed} case=${fuzzCase.index}${fuzzCase.crop ? ' crop' : ''} fixture=${fuzzCase.fixture} file=${fuzzCase.target} mutations=${fuzzCase.applied.join('+')}`;
}

/** Keeps a failing input on disk (the temp dir) for replay and returns where. */
export function saveFailingInput(fuzzCase: FuzzCase): string {
  const dir = path.join(os.tmpdir(), 'docs-json-fuzz-failures');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `seed${fuzzCase.seed}-case${fuzzCase.index}-${path.basename(fuzzCase.target)}`);
  fs.writeFileSync(file, fuzzCase.text);
  return file;
}

/**
 * Runs cases `first, first + step, ...` below `first + count * step`: no exception may escape, every invariant must
 * hold, and with `maxCaseMs` (the long runs of scripts/fuzz.ts, never a test) no case may take longer (a slow case is
 * timed again once, so a GC pause or a busy neighbour is not a finding). Failures come back as lines that name the
 * seed and the case.
 */
export function runCheckerFuzz(options: {
  seed: number;
  count: number;
  fixtures: FuzzFixture[];
  first?: number;
  step?: number;
  crop?: boolean;
  maxFailures?: number;
  /** Called after every 1,000 cases with the number done. */
  onProgress?: (done: number) => void;
  maxCaseMs?: number;
}): FuzzReport {
  const { seed, count, fixtures, first = 0, step = 1, crop = false, maxFailures = 20, onProgress, maxCaseMs = Infinity } = options;
  const report: FuzzReport = { cases: 0, maxMs: 0, slowest: '', meanMs: 0, failures: [], mutationCounts: {} };
  let total = 0;
  for (let n = 0; n < count && report.failures.length < maxFailures; n++) {
    const fuzzCase = makeCase(seed, first + n * step, fixtures, crop);
    for (const name of fuzzCase.applied) report.mutationCounts[name] = (report.mutationCounts[name] ?? 0) + 1;
    const fail = (why: string) => report.failures.push(`${describeCase(fuzzCase)}: ${why} (input saved to ${saveFailingInput(fuzzCase)})`);
    try {
      let { result, ms } = runCase(fixtures, fuzzCase);
      if (ms > maxCaseMs) ({ result, ms } = runCase(fixtures, fuzzCase));
      report.cases++;
      total += ms;
      if (ms > report.maxMs) {
        report.maxMs = ms;
        report.slowest = describeCase(fuzzCase);
      }
      if (ms > maxCaseMs) fail(`took ${ms.toFixed(0)} ms twice (bound ${maxCaseMs} ms)`);
      const problems = invariantProblems(result, fuzzCase);
      if (problems.length) fail(problems.slice(0, 5).join('; '));
    } catch (error) {
      report.cases++;
      fail(`threw ${error instanceof Error ? (error.stack ?? error.message).split('\n').slice(0, 6).join(' | ') : String(error)}`);
    }
    if ((n + 1) % 1000 === 0) onProgress?.(n + 1);
  }
  report.meanMs = report.cases ? total / report.cases : 0;
  return report;
}
