import * as fs from 'node:fs';
import * as path from 'node:path';
import { recordInFile, withBenchFigures } from './performance-record';
import type { BenchResults } from './results';

/** Where a run writes its figures. */
export interface BenchOutputs {
  /** Always: `results.json` and `performance.md` (the report) in this folder, git-ignored by default. */
  outDir: string;
  /** With `--record`: the committed record, `bench/results.json` and the figures of `docs/performance.md`. */
  record?: { results: string; file: string };
}

/** The default places under the package folder: `bench/out/`, and with `record` `bench/results.json` and `docs/performance.md`. */
export function benchOutputs(root: string, options: { out?: string; record: boolean; recordFile?: string }): BenchOutputs {
  const outDir = path.resolve(options.out ?? path.join(root, 'bench', 'out'));
  if (!options.record) return { outDir };
  const file = path.resolve(options.recordFile ?? path.join(root, 'docs', 'performance.md'));
  // Before minutes of measuring: a record file without its markers could not take the figures.
  withBenchFigures(fs.readFileSync(file, 'utf8'), '');
  return { outDir, record: { results: path.join(root, 'bench', 'results.json'), file } };
}

/** Writes the figures where `outputs` says; returns what it wrote. */
export function writeBenchOutputs(results: BenchResults, report: string, outputs: BenchOutputs): string[] {
  const json = JSON.stringify(results, null, 2) + '\n';
  fs.mkdirSync(outputs.outDir, { recursive: true });
  const written = [path.join(outputs.outDir, 'results.json'), path.join(outputs.outDir, 'performance.md')];
  fs.writeFileSync(written[0], json);
  fs.writeFileSync(written[1], report);
  if (outputs.record) {
    recordInFile(outputs.record.file, report);
    fs.writeFileSync(outputs.record.results, json);
    written.push(outputs.record.file, outputs.record.results);
  }
  return written;
}
