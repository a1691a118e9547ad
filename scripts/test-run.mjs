// Runs the test files named on its command line with node:test's run(), two at a time, in the order given
// (scripts/run-tests.mjs puts the slow ones first; `node --test` sorts its files by name, which started the real
// VS Code suite last). Each file's process gets this one's execArgv (`--import tsx`). The usual report goes to
// stdout (spec on a terminal, TAP otherwise), the slowest files' times to stderr (scripts/test-file-times.mjs).
import { PassThrough } from 'node:stream';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';
import fileTimes from './test-file-times.mjs';

const files = process.argv.slice(2);
const events = run({ files, concurrency: 2 });
events.on('test:fail', () => {
  process.exitCode = 1;
});
const [report, times] = [new PassThrough({ objectMode: true }), new PassThrough({ objectMode: true })];
events.pipe(report);
events.pipe(times);
report.compose(process.stdout.isTTY ? new spec() : tap).pipe(process.stdout);
times.compose(fileTimes).pipe(process.stderr);
