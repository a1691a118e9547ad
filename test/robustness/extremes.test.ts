// Extreme inputs, generated at run time into the temp dir. The heavy ones run in a child process with a heap
// bound and a wall-clock limit, so a regression fails this test instead of taking the machine down.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../helpers/temp-dir';
import { test } from 'node:test';
import { checkDocs, DocsWorkspace } from '../../server/src/checker';
import { findingsOf } from '../helpers/docs-repo';
import { tempRepo } from '../helpers/temp-repo';
import { ExtremeKind, ExtremeResult } from './extreme-case';


const HEAP_MB = 2048;
const CHILD_TIMEOUT_MS = 120_000;

function runExtreme(kind: ExtremeKind): Promise<ExtremeResult> {
  const dir = tempDir(`extreme-${kind}-`);
  const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', path.join(__dirname, 'extreme-case.ts'), kind, dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
  return new Promise((resolve, reject) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      fs.rmSync(dir, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`${kind}: child ended with ${signal ?? code} (heap ${HEAP_MB} MB, limit ${CHILD_TIMEOUT_MS} ms)\n${stderr}`));
      resolve(JSON.parse(stdout.trim().split('\n').pop()!));
    });
  });
}

for (const [kind, what] of [
  ['docs-50mb', 'a docs.json of 50 MB (1.8 million entries)'],
  ['array-1m', '1 million entries in one array'],
  ['spec-20mb-json', 'a 20 MB OpenAPI spec in JSON, with a $ref cycle'],
  ['spec-20mb-yaml', 'a 20 MB OpenAPI spec in YAML, with a $ref cycle'],
] as const) {
  test(`extreme: ${what} is checked within a ${HEAP_MB} MB heap and ${CHILD_TIMEOUT_MS / 1000} s`, { timeout: CHILD_TIMEOUT_MS + 30_000 }, async (t) => {
    const result = await runExtreme(kind);
    t.diagnostic(`${kind}: ${(result.bytes / 1e6).toFixed(1)} MB, ${result.elements} elements, checked in ${result.checkMs.toFixed(0)} ms, max RSS ${result.maxRssMb} MB`);
    assert.deepEqual(result.codes, result.expected, JSON.stringify(result.messages));
    if (kind.startsWith('spec')) assert.match(result.messages['unknown-endpoint'], /'GET \/nope' is not in openapi\.(json|yaml)/);
  });
}

test('extreme: nesting 100,000 levels deep in docs.json on disk is one diagnostic', () => {
  const deep = `{"navigation": {"pages": ${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
  const root = tempRepo({ 'docs.json': deep });
  const findings = findingsOf(root, checkDocs(new DocsWorkspace(root)).diagnostics);
  assert.deepEqual(findings.map((f) => [f.code, f.line]), [['json-syntax', 1]]);
  assert.match(findings[0].message, /Nested deeper than 256 levels/);
});

test('extreme: a YAML spec built as a billion-laughs alias bomb, and a JSON spec whose $refs loop, are read without expanding', { timeout: 60_000 }, () => {
  const laughs = ['openapi: 3.1.0', 'info: {title: Bomb, version: "1"}', 'x-a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 20; i++) laughs.push(`x-${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(', ')}]`);
  laughs.push('paths:', '  /users:', '    get: {summary: *t, description: *t}', '  /loop: *t');
  const loops = {
    openapi: '3.1.0',
    paths: { '/a': { $ref: '#/paths/~1b' }, '/b': { $ref: '#/paths/~1a' }, '/c': { get: { $ref: '#/paths/~1c/get' } } },
  };
  const root = tempRepo({
    'docs.json': {
      navigation: {
        groups: [
          { group: 'Bomb', openapi: 'bomb.yaml', pages: ['GET /users', 'GET /loop'] },
          { group: 'Loops', openapi: 'loops.json', pages: ['GET /c', 'GET /a'] },
        ],
      },
    },
    'bomb.yaml': laughs.join('\n'),
    'loops.json': loops,
  });
  const findings = findingsOf(root, checkDocs(new DocsWorkspace(root)).diagnostics);
  assert.deepEqual(findings.map((f) => [f.code, f.text]), [
    ['unknown-endpoint', '"GET /loop"'],
    ['unknown-endpoint', '"GET /a"'],
  ]);
});

test('extreme: a $ref chain that loops through three files and back is one diagnostic, the rest still checked', () => {
  const root = tempRepo({
    'docs.json': { navigation: { tabs: [{ $ref: 'tabs/a.json' }, { tab: 'Plain', pages: ['missing'] }] } },
    'tabs/a.json': { tab: 'A', groups: [{ $ref: '../groups/b.json' }] },
    'groups/b.json': { group: 'B', pages: [{ $ref: '/groups/c.json' }] },
    'groups/c.json': { group: 'C', pages: [{ $ref: '../tabs/a.json' }] },
  });
  const findings = findingsOf(root, checkDocs(new DocsWorkspace(root)).diagnostics);
  assert.deepEqual(findings.map((f) => [f.code, f.file, f.text]), [
    ['missing-page', 'docs.json', '"missing"'],
    ['invalid-ref', 'groups/c.json', '"../tabs/a.json"'],
  ]);
  assert.match(findings[1].message, /cycle: docs.json → tabs\/a.json → groups\/b.json → groups\/c.json → tabs\/a.json/);
});
