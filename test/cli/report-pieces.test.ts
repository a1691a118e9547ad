// Issue 52: the CLI's report of a large check was held whole, with its copies (the published findings, the CLI's,
// the rebased ones, every line and their join): on the 25,000-page synthetic site that was the check's peak memory.
// The published findings are now dropped as they are converted, and the text format is written in pieces.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { Diagnostic as LspDiagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { CliDiagnostic, toCliDiagnostics } from '../../cli/src/diagnostic-formats';
import { render, renderPieces } from '../../cli/src/reports';

const ROOT = path.resolve('/site/docs');

function findings(count: number): CliDiagnostic[] {
  return Array.from({ length: count }, (_, i) => ({
    file: `section-${i % 7}/page-${i}.mdx`,
    line: 1 + (i % 50),
    column: 2,
    endLine: 1 + (i % 50),
    endColumn: 9,
    severity: i % 3 ? 'warning' : 'error',
    code: 'broken-link',
    message: `Link target "/gone/${i}" not found`,
  }));
}

function site(diagnostics: CliDiagnostic[], cwd?: string) {
  return { docsRoot: ROOT, repoRoot: path.dirname(ROOT), diagnostics, env: {}, version: '0.0.0', ...(cwd === undefined ? {} : { cwd }) };
}

test('the text format in pieces: more than one for thousands of findings, and together the very text render makes', () => {
  for (const cwd of [undefined, path.dirname(ROOT), '/elsewhere']) {
    const many = site(findings(4_500), cwd);
    const pieces = [...renderPieces('text', many)];
    assert.ok(pieces.length > 2, `${pieces.length} pieces`);
    assert.equal(pieces.join(''), render('text', many));
  }
  const none = site([]);
  assert.deepEqual([...renderPieces('text', none)], [render('text', none)]);
});

test('the other formats are one piece, as render makes it', () => {
  const some = site(findings(30), path.dirname(ROOT));
  for (const format of ['json', 'sarif', 'gitlab', 'summary'] as const) assert.deepEqual([...renderPieces(format, some)], [render(format, some)]);
});

test('toCliDiagnostics empties the published findings as it converts them, and keeps only the files asked for', () => {
  const published = (line: number): LspDiagnostic => ({ range: { start: { line, character: 0 }, end: { line, character: 3 } }, severity: DiagnosticSeverity.Error, code: 'broken-link', message: `m${line}` });
  const byFile = new Map([
    [path.join(ROOT, 'b.mdx'), [published(4), published(1)]],
    [path.join(ROOT, 'a.mdx'), [published(2)]],
  ]);
  const all = toCliDiagnostics(ROOT, new Map(byFile));
  assert.deepEqual(all.map((d) => `${d.file}:${d.line}`), ['a.mdx:3', 'b.mdx:2', 'b.mdx:5']);
  const read = new Map(byFile);
  const only = toCliDiagnostics(ROOT, read, new Set(['b.mdx']));
  assert.deepEqual(only.map((d) => `${d.file}:${d.line}`), ['b.mdx:2', 'b.mdx:5']);
  assert.equal(read.size, 0, 'nothing of the published findings is kept by the map');
});
