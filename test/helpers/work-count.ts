// Work counted, not timed (issue 32: a test that depends on the machine's speed is a flaky test). The count is
// the number of JavaScript blocks run (V8's block coverage: a loop's body counts once per turn, in our code and in
// every library) plus the characters that regular expressions and string searches go over, which run in native
// code no block count sees. The same input always gives the same count, loaded machine or not.
import { strict as assert } from 'node:assert';
import { Session } from 'node:inspector';

interface CoverageRange {
  count: number;
}
interface Coverage {
  result: { functions: { ranges: CoverageRange[] }[] }[];
}

let session: Session | undefined;

function post<T>(method: string, params?: object): T {
  if (!session) {
    session = new Session();
    session.connect();
  }
  let answer: { error: Error | null; result?: T } | undefined;
  session.post(method, params, (error, result) => (answer = { error, result: result as T }));
  // A session on the same thread answers before post returns.
  if (!answer) throw new Error(`the inspector did not answer ${method} at once`);
  if (answer.error) throw answer.error;
  return answer.result as T;
}

/** Characters a search goes over: from where it starts to the end of what it found, or to the end of the text. */
function scanned(text: string, from: number, found: number, foundLength: number): number {
  return found < 0 ? Math.max(0, text.length - from) : found + foundLength - from;
}

function countSearches(add: (chars: number) => void): () => void {
  const exec = RegExp.prototype.exec;
  const indexOf = String.prototype.indexOf;
  const includes = String.prototype.includes;
  const lastIndexOf = String.prototype.lastIndexOf;
  // Replacing `exec` also sends test, match, matchAll, replace, search and split through it (V8 leaves its fast path).
  RegExp.prototype.exec = function (this: RegExp, text: string) {
    const from = this.global || this.sticky ? this.lastIndex : 0;
    const match = exec.call(this, text);
    add(scanned(String(text), from, match ? match.index : -1, match ? match[0].length : 0) + 1);
    return match;
  };
  String.prototype.indexOf = function (this: string, search: string, position?: number) {
    const found = indexOf.call(this, search, position);
    add(scanned(this, Math.max(0, position ?? 0), found, String(search).length) + 1);
    return found;
  };
  String.prototype.includes = function (this: string, search: string, position?: number) {
    const found = indexOf.call(this, search, position);
    add(scanned(this, Math.max(0, position ?? 0), found, String(search).length) + 1);
    return found >= 0;
  };
  String.prototype.lastIndexOf = function (this: string, search: string, position?: number) {
    const found = lastIndexOf.call(this, search, position);
    add((found < 0 ? Math.min(this.length, position ?? this.length) : this.length - found) + 1);
    return found;
  };
  return () => {
    RegExp.prototype.exec = exec;
    String.prototype.indexOf = indexOf;
    String.prototype.includes = includes;
    String.prototype.lastIndexOf = lastIndexOf;
  };
}

function blocksRun(): number {
  let sum = 0;
  for (const script of post<Coverage>('Profiler.takePreciseCoverage').result) for (const fn of script.functions) for (const range of fn.ranges) sum += range.count;
  return sum;
}

/** The work `run` does, counted. It is run twice: once to load and compile what it uses, once counted. */
export function countWork<T>(run: () => T): { result: T; work: number } {
  post('Profiler.enable');
  post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
  try {
    run();
    blocksRun();
    let chars = 0;
    const restore = countSearches((n) => (chars += n));
    let result: T;
    try {
      result = run();
    } finally {
      restore();
    }
    return { result, work: blocksRun() + chars };
  } finally {
    post('Profiler.stopPreciseCoverage');
    post('Profiler.disable');
  }
}

/** Asserts that `run` does at most `perUnit` work per unit of its input's size (a byte, an item). */
export function assertWorkWithin(what: string, size: number, perUnit: number, run: () => unknown): void {
  const { work } = countWork(run);
  assert.ok(work <= perUnit * size, `${what}: ${work} steps for a size of ${size} (bound ${perUnit} a unit, ${perUnit * size})`);
}

/** The work per unit of size at each of `sizes` of `make`'s input. */
export function workPerSize<I>(make: (size: number) => I, sizes: number[], run: (input: I) => unknown): number[] {
  return sizes.map((size) => {
    const input = make(size);
    return countWork(() => run(input)).work / size;
  });
}

/**
 * The work per unit at the largest size over that at the smallest stays under `factor`: a linear pass keeps it
 * near 1, a quadratic one multiplies it by the sizes' ratio (16 for sizes a sixteenth apart).
 */
export function assertLinearWork<I>(what: string, make: (size: number) => I, sizes: number[], run: (input: I) => unknown, factor = 2): void {
  const perUnit = workPerSize(make, sizes, run);
  const ratio = perUnit[perUnit.length - 1] / perUnit[0];
  assert.ok(ratio < factor, `${what}: ${perUnit.map((w) => w.toFixed(1)).join(' / ')} steps a unit at sizes ${sizes.join(' / ')} (ratio ${ratio.toFixed(2)}, bound ${factor})`);
}
