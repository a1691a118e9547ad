import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { generateRepo } from '../../bench/generate-repo';
import { measureDocsView } from '../../bench/measure-docs-view';
import { renderReport } from '../../bench/report';
import { BenchResults, machineInfo } from '../../bench/results';

const SERVER = path.resolve(__dirname, '../../dist/server/server.js');

test('the Docs view figures: the whole tree against its top level, a level below and the rows of its pages, reported', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-view-bench-'));
  try {
    const repo = generateRepo({ entries: 300, seed: 3, dir: path.join(dir, 'repo') });
    const figures = await measureDocsView(SERVER, 'synthetic-300', repo.root, 2);
    assert.ok(figures.topNodes > 0 && figures.levelNodes > 0, JSON.stringify(figures));
    assert.ok(figures.rows > 0, 'a level that lists pages was found, and its rows answered');
    assert.ok(figures.wholeBytes > 10 * figures.topBytes, `the whole tree ${figures.wholeBytes} B, its top level ${figures.topBytes} B`);
    for (const ms of [figures.wholeMs, figures.topMs, figures.levelMs, figures.rowsMs, figures.parseMs]) assert.ok(Number.isFinite(ms) && ms >= 0);
    const empty: BenchResults = {
      version: 1, startedAt: new Date().toISOString(), durationS: 0, machine: machineInfo(), settings: { seed: 3, sizes: [300], quick: true },
      repos: [], check: [], scaling: { exponent: NaN, points: [], steps: [] }, completion: { inProcess: null, protocol: null }, typing: [],
      server: { coldStart: null, memory: null }, specLoading: null, checkerMemory: null, targets: [], notes: [],
    };
    const report = renderReport({ ...empty, docsView: figures });
    assert.match(report, /\*\*Docs view on synthetic-300\*\*/);
    assert.match(report, new RegExp(`\\| the top level \\(${figures.topNodes} nodes\\): what the view asks first \\|`));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
