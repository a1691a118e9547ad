import * as fs from 'node:fs';

/** The figures of docs/performance.md stand between these lines; `--record` rewrites only them. */
export const BENCH_START = '<!-- bench:start: written by `npm run bench -- --record`; edit the text around it, not inside -->';
export const BENCH_END = '<!-- bench:end -->';

/** `text` with what stands between the markers replaced by `figures`; everything else as it was, byte for byte. */
export function withBenchFigures(text: string, figures: string): string {
  const start = text.indexOf(BENCH_START);
  const end = text.indexOf(BENCH_END);
  if (start < 0 || end < 0 || end < start || text.indexOf(BENCH_START, start + 1) >= 0 || text.indexOf(BENCH_END, end + 1) >= 0) {
    throw new Error(`the record file needs the lines ${BENCH_START} and ${BENCH_END} once each, in that order, around the benchmark's figures`);
  }
  const from = start + BENCH_START.length;
  return `${text.slice(0, from)}\n\n${figures.trim()}\n\n${text.slice(end)}`;
}

/** Rewrites the figures in the record file (docs/performance.md; a copy, in the tests). */
export function recordInFile(file: string, figures: string): void {
  fs.writeFileSync(file, withBenchFigures(fs.readFileSync(file, 'utf8'), figures));
}
