// The leak check itself: it must find a key in every form it can leak in, and never print the key it found.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { leaksInFiles, leaksInTexts } from '../helpers/key-leak-guard';

const KEY = 'svc_dsc_test_leak_4Kq9Zr2Wm7';

test('key leak check: finds the key, its secret part and its base64 in texts; redacted text passes', () => {
  const texts: [string, string][] = [
    ['log', `POST /v1/assistant/message Authorization: Bearer ${KEY}`],
    ['error', `failed for test_leak_4Kq9Zr2Wm7`],
    ['header dump', `basic ${Buffer.from(KEY).toString('base64')}`],
    ['clean', 'Authorization: Bearer [redacted] svc_[redacted] svc_dsc_…'],
  ];
  const leaks = leaksInTexts(texts, [KEY]);
  assert.deepEqual([...new Set(leaks.map((l) => l.where))], ['log', 'error', 'header dump']);
  for (const leak of leaks) assert.ok(!leak.context.includes('test_leak_4Kq9Zr2Wm7') && leak.context.includes('<KEY>'), leak.context);
});

test("key leak check: the platform's naming too: the part after mint_, mint_dsc_ and mint_us_ is found on its own", () => {
  for (const key of ['mint_test_leak_8Hw3Pq6Tn1', 'mint_dsc_test_leak_8Hw3Pq6Tn1', 'mint_us_test_leak_8Hw3Pq6Tn1']) {
    const leaks = leaksInTexts([['error', 'failed for test_leak_8Hw3Pq6Tn1'], ['clean', 'mint_[redacted] mint_dsc_…']], [key]);
    assert.deepEqual(leaks.map((l) => l.where), ['error'], key);
  }
});

test('key leak check: finds a key in any file under a folder, also across the 1 MB read boundary', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-check-'));
  try {
    fs.mkdirSync(path.join(root, 'a/b'), { recursive: true });
    fs.writeFileSync(path.join(root, 'a/b/settings.json'), JSON.stringify({ 'docsJson.assistantKey': KEY }));
    const big = Buffer.alloc((1 << 20) + 100, 'x');
    Buffer.from(KEY).copy(big, (1 << 20) - 10);
    fs.writeFileSync(path.join(root, 'big.log'), big);
    fs.writeFileSync(path.join(root, 'clean.txt'), 'nothing here but svc_[redacted]');
    const leaks = leaksInFiles([root], [KEY]);
    assert.deepEqual(leaks.map((l) => path.relative(root, l.where)).sort(), ['a/b/settings.json', 'big.log']);
    for (const leak of leaks) assert.ok(!leak.context.includes('leak_4Kq9'), leak.context);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
