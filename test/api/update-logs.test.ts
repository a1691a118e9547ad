// Issue 22, low items: `update --wait` dropped log lines when the service replaced its list (a window of the
// latest lines) instead of appending to it.
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { newLogLines } from '../../api/src/wait-for-update';
import { runCli } from './helpers';

describe('log lines of an update: each printed once, appended or replaced', () => {
  it('newLogLines: appended, a sliding window, a list started again, repeated lines', () => {
    const cases: [string[], string[], string[]][] = [
      [[], ['a', 'b'], ['a', 'b']],
      [['a', 'b'], ['a', 'b', 'c'], ['c']],
      [['a', 'b', 'c'], ['b', 'c', 'd', 'e'], ['d', 'e']],
      [['a', 'b'], ['x', 'y'], ['x', 'y']],
      [['x', 'a'], ['a', 'a'], ['a']],
      [['a', 'a'], ['a', 'a', 'a'], ['a']],
      [['a', 'b', 'a', 'b'], ['a', 'b', 'a', 'b', 'c'], ['c']],
      [['a', 'b'], ['a', 'b'], []],
      [['a', 'b'], [], []],
    ];
    for (const [previous, current, expected] of cases) assert.deepEqual(newLogLines(previous, current), expected, JSON.stringify([previous, current]));
  });

  it('newLogLines is linear: equal lines but the last are each read a bounded number of times', () => {
    // Counted, not timed: every read of a line goes through the proxies. A search that starts again at every line
    // reads about n²/2 of them (2·10⁸ here); the prefix table reads each a few times.
    let reads = 0;
    const counted = (lines: string[]) =>
      new Proxy(lines, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
          return Reflect.get(target, key, receiver);
        },
      });
    const n = 20_000;
    const lines = Array<string>(n).fill('same');
    assert.deepEqual(newLogLines(counted(lines), counted([...lines.slice(1), 'new'])), ['new']);
    assert.ok(reads <= 12 * n, `${reads} reads of ${2 * n} lines`);
  });

  it('update --wait against a service that keeps only its last two lines: every line printed once, in order', async () => {
    const all = ['queued', 'cloning', 'reading docs.json', 'building 8 pages', 'deployed'];
    let polls = 0;
    const server = http.createServer((req, res) => {
      req.resume();
      res.writeHead(req.method === 'POST' ? 202 : 200, { 'content-type': 'application/json' });
      if (req.method === 'POST') return res.end(JSON.stringify({ statusId: 'upd_1' }));
      polls++;
      // Two new lines a poll, of which the list keeps the last two.
      const shown = all.slice(0, Math.min(all.length, polls * 2)).slice(-2);
      res.end(JSON.stringify({ _id: 'upd_1', status: polls * 2 >= all.length ? 'success' : 'in_progress', logs: shown }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const env = { DOCS_API_BASE_URL: `http://127.0.0.1:${port}`, DOCS_ADMIN_API_KEY: 'svc_logs_admin_key_12345', DOCS_PROJECT_ID: 'acme' };
      const { code, out } = await runCli(['update', '--wait', '--interval', '0.01'], env);
      assert.equal(code, 0);
      const printed = out.split('\n').filter((line) => line.startsWith('  ')).map((line) => line.trim());
      assert.deepEqual(printed, all);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
