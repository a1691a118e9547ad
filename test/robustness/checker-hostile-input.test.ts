// Regression tests for what hostile input found in the checker (each was a crash, a hang or a bad range).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkDocs, DocsWorkspace, FileIndex, KIND_TITLE, resolveDocsPath } from '../../server/src/checker';
import { readSpec } from '../../server/src/checker/openapi/openapi-spec';
import { checkRepo, findingsOf, REQUIRED_SETTINGS, REQUIRED_SETTINGS_TEXT } from '../helpers/docs-repo';
import { tempRepo } from '../helpers/temp-repo';


const inMemory = () => new DocsWorkspace(path.join(path.sep, 'nowhere', 'docs'), new FileIndex(['a.mdx']));

function expectOneNestingError(text: string): void {
  const { diagnostics } = checkDocs(inMemory(), text);
  assert.deepEqual(diagnostics.map((d) => d.code), ['json-syntax']);
  assert.match(diagnostics[0].message, /Nested deeper than 256 levels/);
}

test('nesting: the up-front limit counts brackets as the parser reads them, so no text slips past it into a stack overflow', () => {
  const deep = '['.repeat(100_000);
  // A string ends at a line break for the parser: the brackets after it are structure, not string content.
  expectOneNestingError(`{"navigation": ["\n${deep}`);
  // A quote inside a comment opens no string.
  expectOneNestingError(`/* " */ ${deep}`);
  // The parser skips a mismatched closer without leaving its array.
  expectOneNestingError(`[${'}'.repeat(100_000)},${deep}`);
  let rounds = '';
  for (let i = 0; i < 400; i++) rounds += `${'['.repeat(250)}${'}'.repeat(250)},`;
  expectOneNestingError(`${rounds}1`);
});

test('nesting: `$ref` files cannot add up to a tree deeper than one file may be', () => {
  const nest = (inner: string) => {
    let out = inner;
    for (let i = 0; i < 120; i++) out = `{"group": "g", "pages": [${out}]}`;
    return out;
  };
  const files: Record<string, string> = { 'docs.json': `{"navigation": {"groups": [${nest('{"$ref": "r0.json"}')}]}${REQUIRED_SETTINGS_TEXT}}` };
  for (let i = 0; i < 30; i++) files[`r${i}.json`] = nest(i < 29 ? `{"$ref": "r${i + 1}.json"}` : '"a"');
  const findings = checkRepo(files);
  assert.deepEqual(findings.map((f) => [f.code, f.file, f.text]), [['invalid-ref', 'docs.json', '"r0.json"']]);
  assert.match(findings[0].message, /deeper than 256 levels/);
});

test('`$ref` bomb: files that reference the next one twice stop at a budget, with one diagnostic', { timeout: 60_000 }, () => {
  const files: Record<string, string> = { 'docs.json': '{"navigation": {"groups": [{"group": "g", "pages": [{"$ref": "e0.json"}]}]}}' };
  for (let i = 0; i < 31; i++) files[`e${i}.json`] = `{"group": "g${i}", "pages": [{"$ref": "e${i + 1}.json"}, {"$ref": "e${i + 1}.json"}]}`;
  files['e31.json'] = '{"group": "leaf", "pages": ["a"]}';
  files['a.mdx'] = '';
  const root = tempRepo(files);
  const { model, diagnostics } = checkDocs(new DocsWorkspace(root));
  const budget = diagnostics.filter((d) => /values in all/.test(d.message));
  assert.equal(budget.length, 1);
  assert.equal(budget[0].code, 'invalid-ref');
  // 2^31 groups unbounded; the budget keeps the model to the order of 100,000 values.
  assert.ok(model.elements.length < 150_000, `${model.elements.length} elements`);
});

test('`$ref` chains that loop are one diagnostic each, also through a file that references itself', () => {
  const self = checkRepo({ 'docs.json': '{"navigation": {"$ref": "docs.json"}}' }).filter((f) => f.code === 'invalid-ref');
  assert.equal(self.length, 1);
  assert.match(self[0].message, /cycle: docs.json → docs.json/);
  const loop = checkRepo({
    'docs.json': `{"navigation": {"tabs": [{"$ref": "./a/../a.json"}]}${REQUIRED_SETTINGS_TEXT}}`,
    'a.json': '{"tab": "A", "pages": [{"$ref": "sub/b.json"}]}',
    'sub/b.json': '{"group": "B", "pages": [{"$ref": "/a.json"}]}',
  });
  assert.deepEqual(loop.map((f) => [f.code, f.file]), [['invalid-ref', 'sub/b.json']]);
});

test('json-syntax at the end of the file: the range stays inside the document and never splits a \\r\\n', () => {
  for (const text of ['{"navigation": {"pages": ["a"', '{', '{"a":', '["\n', ' ', '{"a":\r\n', '{\r\n\r\n', '{"a": [1,\n\r', '\r\n']) {
    for (const d of checkDocs(inMemory(), text).diagnostics) {
      assert.ok(d.offset >= 0 && d.offset + d.length <= text.length, `${JSON.stringify(text)}: ${d.offset}+${d.length}`);
      for (const at of [d.offset, d.offset + d.length]) {
        const { character } = d.file.lines.positionAt(at);
        assert.doesNotMatch(text.slice(at - character, at), /[\r\n]/, `${JSON.stringify(text)}: offset ${at} is inside a line break`);
      }
    }
  }
});

test('a path of a million `../` is refused at once (normalizing it took minutes)', { timeout: 30_000 }, () => {
  assert.deepEqual(resolveDocsPath('../'.repeat(1_000_000)), { inside: false });
  assert.deepEqual(resolveDocsPath(`a${'/'.repeat(1_000_000)}b/`), { inside: true, relative: 'a/b' });
  const findings = findingsOf('/nowhere/docs', checkDocs(inMemory(), JSON.stringify({ navigation: { pages: ['../'.repeat(300_000), 'a'] }, ...REQUIRED_SETTINGS })).diagnostics);
  assert.deepEqual(findings.map((f) => f.code), ['page-outside-root']);
});

test('keys named like Object.prototype members are plain keys: no element of a bogus kind, no bogus suggestion', () => {
  const text = JSON.stringify({
    navigation: {
      languages: [
        { language: 'constructor', pages: ['a'] },
        { language: '__proto__', pages: ['a'] },
      ],
      constructor: [{ group: 'x', pages: ['a'] }],
      toString: ['a'],
    },
  });
  const { model, diagnostics } = checkDocs(inMemory(), text);
  for (const element of model.elements) assert.ok(Object.hasOwn(KIND_TITLE, element.kind), `element of kind ${String(element.kind)}`);
  const codes = diagnostics.filter((d) => d.code === 'language-code');
  assert.equal(codes.length, 2);
  for (const d of codes) assert.equal(d.data?.suggestion, undefined, d.message);
  assert.equal(({} as Record<string, unknown>).pages, undefined);
});

test('OpenAPI specs: a byte order mark is read; nesting 100,000 deep and alias bombs end with an answer', { timeout: 60_000 }, () => {
  const bom = readSpec('a.json', '\ufeff{"openapi": "3.1.0", "paths": {"/a": {"get": {"summary": "A"}}}}');
  assert.ok(bom.ok && bom.endpoints.has('GET /a'));
  const deep = readSpec('deep.json', `{"openapi": "3.1.0", "x": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
  assert.ok(!deep.ok && /nested deeper than 256 levels/.test(deep.message), JSON.stringify(deep));
  const laughs = ['openapi: 3.1.0', 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 12; i++) {
    const [name, previous] = [String.fromCharCode(97 + i), String.fromCharCode(96 + i)];
    laughs.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`);
  }
  const bomb = readSpec('bomb.yaml', [...laughs, 'paths:', '  /a:', '    get: {summary: *l}', '  /b: *l'].join('\n'));
  assert.ok(bomb.ok);
  assert.deepEqual([...bomb.endpoints.keys()], ['GET /a']);
  const cycle = readSpec('cycle.yaml', 'openapi: 3.1.0\npaths: &p\n  /a:\n    get: {}\n  /loop: *p\n');
  assert.ok(cycle.ok);
  assert.deepEqual([...cycle.endpoints.keys()], ['GET /a']);
});
