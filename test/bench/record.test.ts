import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { benchOutputs, writeBenchOutputs } from '../../bench/outputs';
import { BENCH_END, BENCH_START, recordInFile, withBenchFigures } from '../../bench/performance-record';
import type { BenchResults } from '../../bench/results';
import { tempFolder as temp } from './temp-folders';

const REPO = path.resolve(__dirname, '../..');
const RECORD = path.join(REPO, 'docs', 'performance.md');

const FIGURES = 'Measured today.\n\n| target | met |\n| --- | --- |\n| Typing p95 ÷ parseTree | yes |\n';
const results = { version: 1, startedAt: '2026-01-01T00:00:00.000Z' } as unknown as BenchResults;

test('docs/performance.md: the markers stand once each, in order, inside its benchmark section', () => {
  const lines = fs.readFileSync(RECORD, 'utf8').split('\n');
  const start = lines.indexOf(BENCH_START);
  const end = lines.indexOf(BENCH_END);
  assert.ok(start > 0 && end > start, 'both markers, each on a line of its own, start first');
  assert.equal(lines.lastIndexOf(BENCH_START), start);
  assert.equal(lines.lastIndexOf(BENCH_END), end);
  const headings = lines.map((line, i) => (i < start && line.startsWith('## ') ? i : -1));
  const section = Math.max(...headings);
  assert.equal(lines[section], '## The benchmark');
  assert.ok(!lines.slice(section + 1, end).some((line) => line.startsWith('## ')), 'no other section between the heading and the end marker');
  // What the record writes between them is what a run prints: the figures, with the targets.
  assert.match(lines.slice(start, end).join('\n'), /\*\*Targets\*\*/);
});

test('record: a copy of docs/performance.md takes new figures between the markers, and the rest stays byte for byte', () => {
  const original = fs.readFileSync(RECORD, 'utf8');
  const copy = path.join(temp(), 'performance.md');
  fs.writeFileSync(copy, original);
  recordInFile(copy, FIGURES);
  const recorded = fs.readFileSync(copy, 'utf8');
  const head = original.slice(0, original.indexOf(BENCH_START) + BENCH_START.length);
  const tail = original.slice(original.indexOf(BENCH_END));
  assert.ok(recorded.startsWith(head), 'everything up to the start marker as it was');
  assert.ok(recorded.endsWith(tail), 'everything from the end marker on as it was');
  assert.equal(recorded, `${head}\n\n${FIGURES.trim()}\n\n${tail}`);
  // Recording the same figures again changes nothing; the file's own figures go back in as they were.
  recordInFile(copy, FIGURES);
  assert.equal(fs.readFileSync(copy, 'utf8'), recorded);
  const own = original.slice(original.indexOf(BENCH_START) + BENCH_START.length, original.indexOf(BENCH_END));
  assert.equal(withBenchFigures(recorded, own), original);
  // The file it was copied from is untouched.
  assert.equal(fs.readFileSync(RECORD, 'utf8'), original);
});

test('record: a file without its markers, or with two of one, is refused and left as it was', () => {
  for (const text of ['# readme\n\n## Performance\n\nfigures\n', `${BENCH_START}\n${BENCH_END}\n${BENCH_END}\n`, `${BENCH_END}\n${BENCH_START}\n`]) {
    const file = path.join(temp(), 'performance.md');
    fs.writeFileSync(file, text);
    assert.throws(() => recordInFile(file, FIGURES), /needs the lines/);
    assert.equal(fs.readFileSync(file, 'utf8'), text);
  }
});

test('outputs: a run writes to bench/out/ (git-ignored) and leaves the committed record alone; --record writes it', () => {
  const plain = benchOutputs(REPO, { record: false });
  assert.deepEqual(plain, { outDir: path.join(REPO, 'bench', 'out') });
  const ignored = execFileSync('git', ['check-ignore', path.join('bench', 'out', 'results.json'), path.join('bench', 'out', 'performance.md')], { cwd: REPO, encoding: 'utf8' });
  assert.deepEqual(ignored.trim().split('\n'), ['bench/out/results.json', 'bench/out/performance.md']);
  const recording = benchOutputs(REPO, { record: true });
  assert.deepEqual(recording.record, { results: path.join(REPO, 'bench', 'results.json'), file: RECORD });

  // Written into a copy of the package: only bench/out/ without --record; with it, the record and docs/performance.md's figures.
  const root = temp();
  fs.mkdirSync(path.join(root, 'bench'));
  fs.writeFileSync(path.join(root, 'bench', 'results.json'), '{"old":true}\n');
  fs.mkdirSync(path.join(root, 'docs'));
  const copy = path.join(root, 'docs', 'performance.md');
  fs.copyFileSync(RECORD, copy);
  const before = fs.readFileSync(copy, 'utf8');
  const written = writeBenchOutputs(results, FIGURES, benchOutputs(root, { record: false }));
  assert.deepEqual(written, [path.join(root, 'bench', 'out', 'results.json'), path.join(root, 'bench', 'out', 'performance.md')]);
  assert.deepEqual(JSON.parse(fs.readFileSync(written[0], 'utf8')), results);
  assert.equal(fs.readFileSync(written[1], 'utf8'), FIGURES);
  assert.equal(fs.readFileSync(path.join(root, 'bench', 'results.json'), 'utf8'), '{"old":true}\n');
  assert.equal(fs.readFileSync(copy, 'utf8'), before);

  writeBenchOutputs(results, FIGURES, benchOutputs(root, { record: true }));
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(root, 'bench', 'results.json'), 'utf8')), results);
  assert.equal(fs.readFileSync(copy, 'utf8'), withBenchFigures(before, FIGURES));

  // A record file that could not take the figures is found before the run, not after it; --record-file names another.
  fs.writeFileSync(copy, '# no markers\n');
  assert.throws(() => benchOutputs(root, { record: true }), /needs the lines/);
  const other = path.join(root, 'other.md');
  fs.writeFileSync(other, before);
  assert.equal(benchOutputs(root, { record: true, recordFile: other }).record?.file, other);
});
