// A node:test reporter (scripts/run-tests.mjs adds it beside the usual one, on stderr): at the end, the slowest test
// files by the time of their tests (each file's top-level tests summed), to see where a run's time goes.
import { basename } from 'node:path';

const SHOWN = 15;

export default async function* fileTimes(source) {
  const perFile = new Map();
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      perFile.set(event.data.file, (perFile.get(event.data.file) ?? 0) + (event.data.details?.duration_ms ?? 0));
    }
  }
  const slowest = [...perFile].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
  if (slowest.length === 0) return;
  const cwd = process.cwd();
  const total = [...perFile.values()].reduce((sum, ms) => sum + ms, 0);
  yield `\nslowest test files (tests' time summed, ${perFile.size} files, ${(total / 1000).toFixed(1)} s in all):\n`;
  for (const [file, ms] of slowest) yield `${(ms / 1000).toFixed(1).padStart(8)} s  ${file.startsWith(cwd) ? file.slice(cwd.length + 1) : `group ${basename(file)}`}\n`;
}
