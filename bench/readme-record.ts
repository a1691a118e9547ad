import * as fs from 'node:fs';

/** The figures of the README's Performance section stand between these lines; `--record` rewrites only them. */
export const BENCH_START = '<!-- bench:start: written by `npm run bench -- --record`; edit the text around it, not inside -->';
export const BENCH_END = '<!-- bench:end -->';

/** `readme` with the text between the markers replaced by `figures`; everything else as it was, byte for byte. */
export function withBenchFigures(readme: string, figures: string): string {
  const start = readme.indexOf(BENCH_START);
  const end = readme.indexOf(BENCH_END);
  if (start < 0 || end < 0 || end < start || readme.indexOf(BENCH_START, start + 1) >= 0 || readme.indexOf(BENCH_END, end + 1) >= 0) {
    throw new Error(`the README needs the lines ${BENCH_START} and ${BENCH_END} once each, in that order, around the benchmark's figures`);
  }
  const from = start + BENCH_START.length;
  return `${readme.slice(0, from)}\n\n${figures.trim()}\n\n${readme.slice(end)}`;
}

/** Rewrites the figures in the README file (a copy, in the tests). */
export function recordInReadme(file: string, figures: string): void {
  fs.writeFileSync(file, withBenchFigures(fs.readFileSync(file, 'utf8'), figures));
}
