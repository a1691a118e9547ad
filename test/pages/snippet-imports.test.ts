// snippet-imports (issue 49): a page's imports as the platform's build resolves them: not a local snippet path, a
// default import of a snippet without a default export, a named import the snippet does not export. Each flagged
// shape has its quiet twin; a page is checked again when the snippet it imports changes.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { importAt } from '../../server/src/checker/rules/snippet-imports/import-clause';
import { snippetExports } from '../../server/src/checker/rules/snippet-imports/snippet-exports';
import { openSite } from '../language-service/helpers';

const CODES = ['snippet-import-unresolved', 'snippet-default-import', 'snippet-missing-export', 'missing-snippet'];

/** The findings of the rule's codes on `page` of a site made of `files`, as `code marked-text`. */
function findings(files: Record<string, string>, page = 'index.mdx'): string[] {
  const s = openSite('{ "navigation": { "pages": ["index"] } }', { files });
  return pageFindings(s, page, files[page]);
}

function pageFindings(s: ReturnType<typeof openSite>, page: string, text: string): string[] {
  const found = s.service.checkPages(s.project, [path.join(s.root, page)], false).byFile.get(path.join(s.root, page)) ?? [];
  return found.filter((d) => CODES.includes(String(d.code))).map((d) => `${d.code} ${text.split('\n')[d.range.start.line].slice(d.range.start.character, d.range.end.character)}`);
}

const JSX = "export const Banner = () => <div>Now in beta</div>;\nexport function Footer() { return null; }\n";

test('import clause: default, named, renamed, mixed, multi-line; namespace and type imports are not checked', () => {
  const read = (line: string) => {
    const text = `---\ntitle: x\n---\n\n${line}\n`;
    const at = importAt(text, text.indexOf("'") + 1);
    return at && { unchecked: at.unchecked, names: at.names.map((n) => `${n.imported}>${n.local}@${text.slice(n.offset, n.offset + (n.imported === 'default' ? n.local : n.imported).length)}`) };
  };
  assert.deepEqual(read("import Banner from '/s.jsx'"), { unchecked: false, names: ['default>Banner@Banner'] });
  assert.deepEqual(read("import { A, B as C } from '/s.jsx'"), { unchecked: false, names: ['A>A@A', 'B>C@B'] });
  assert.deepEqual(read("import D, { A } from '/s.jsx'"), { unchecked: false, names: ['default>D@D', 'A>A@A'] });
  assert.deepEqual(read("import {\n  A,\n  B,\n} from '/s.jsx'"), { unchecked: false, names: ['A>A@A', 'B>B@B'] });
  assert.deepEqual(read("import * as All from '/s.jsx'")?.unchecked, true);
  assert.deepEqual(read("import type { T } from '/s.tsx'")?.unchecked, true);
  assert.deepEqual(read("import { importantThing } from '/s.jsx'"), { unchecked: false, names: ['importantThing>importantThing@importantThing'] });
});

test('snippet exports: declarations, lists, default; MDX content makes a default; unread shapes say so', () => {
  const jsx = snippetExports("export const A = 1;\nexport function B() {}\nexport async function C() {}\nexport class D {}\nconst e = 1;\nexport { e as E, e as default };\n", true);
  assert.deepEqual([[...jsx.names], jsx.hasDefault, jsx.unknown], [['A', 'B', 'C', 'D', 'E'], true, false]);
  assert.equal(snippetExports('export default function X() {}\n', true).hasDefault, true);
  assert.equal(snippetExports("export * from './other.jsx';\n", true).unknown, true);
  assert.equal(snippetExports('export const { a, b } = obj;\n', true).unknown, true);
  assert.equal(snippetExports('module.exports = { A };\n', true).unknown, true);
  const esmOnly = snippetExports("---\ntitle: x\n---\n\nexport const A = () => {\n  return 1;\n\n  // after a blank line\n};\n", false);
  assert.deepEqual([[...esmOnly.names], esmOnly.onlyEsm], [['A'], true]);
  assert.equal(snippetExports('export const A = 1;\n\nSome text the page renders.\n', false).onlyEsm, false);
  const fenced = snippetExports('```js\nexport const Hidden = 1;\n```\n', false);
  assert.deepEqual([[...fenced.names], fenced.onlyEsm], [[], false], 'an export in fenced code is not one');
});

test('a default import of a .jsx snippet without a default export is flagged at its name, with the name to import', () => {
  const files = { 'index.mdx': "import Banner from '/snippets/banner.jsx';\n\n<Banner />\n", 'snippets/banner.jsx': "export const Banner = () => <div>Now in beta</div>;\n" };
  assert.deepEqual(findings(files), ['snippet-default-import Banner']);
});

test('quiet twin: default imports of an .mdx snippet with content, of a snippet with a default, of one exporting nothing', () => {
  assert.deepEqual(findings({ 'index.mdx': "import Note from '/snippets/note.mdx';\n\n<Note />\n", 'snippets/note.mdx': 'export const x = 1;\n\nKeys are shown once.\n' }), []);
  assert.deepEqual(findings({ 'index.mdx': "import Banner from '/snippets/banner.jsx';\n\n<Banner />\n", 'snippets/banner.jsx': 'export default function Banner() { return null; }\n' }), []);
  assert.deepEqual(findings({ 'index.mdx': "import Banner from '/snippets/banner.jsx';\n\n<Banner />\n", 'snippets/banner.jsx': 'const Banner = () => null;\nexport { Banner as default };\n' }), []);
  assert.deepEqual(findings({ 'index.mdx': "import Text from '/snippets/text.mdx';\n\n<Text />\n", 'snippets/text.mdx': 'Only text.\n' }), []);
});

test('an .mdx snippet of nothing but exports, imported by default, is flagged (the build warns of it too)', () => {
  assert.deepEqual(findings({ 'index.mdx': "import Vars from '/snippets/vars.mdx';\n\n{Vars}\n", 'snippets/vars.mdx': "export const version = '2.4';\n" }), ['snippet-default-import Vars']);
});

test('a named import the snippet does not export is flagged at the name; renamed and relative imports too', () => {
  const files = {
    'guides/index.mdx': "import { Banerr, Footer as F, Nope as N } from '../snippets/banner.jsx';\n\n<Banerr />\n",
    'snippets/banner.jsx': JSX,
  };
  const s = openSite('{ "navigation": { "pages": ["guides/index"] } }', { files });
  assert.deepEqual(pageFindings(s, 'guides/index.mdx', files['guides/index.mdx']), ['snippet-missing-export Banerr', 'snippet-missing-export Nope']);
});

test('quiet twin: names the snippet exports, from .tsx and .mdx snippets; unread export shapes are not judged', () => {
  assert.deepEqual(findings({ 'index.mdx': "import { Banner, Footer } from '/snippets/banner.jsx';\n\n<Banner />\n", 'snippets/banner.jsx': JSX }), []);
  assert.deepEqual(findings({ 'index.mdx': "import { Chart } from '/snippets/chart.tsx';\n\n<Chart />\n", 'snippets/chart.tsx': 'export const Chart = ({ data }: { data: number[] }) => null;\n' }), []);
  assert.deepEqual(findings({ 'index.mdx': "import { Tip } from '/snippets/tip.mdx';\n\n<Tip />\n", 'snippets/tip.mdx': 'export const Tip = () => <b>Tip</b>;\n\nText.\n' }), []);
  assert.deepEqual(findings({ 'index.mdx': "import { Any } from '/snippets/all.jsx';\n\n<Any />\n", 'snippets/all.jsx': "export * from './more.jsx';\n", 'snippets/more.jsx': 'export const Any = 1;\n' }), []);
});

test('an import the build does not resolve: a path without its leading slash, a .js file, a path without its extension', () => {
  assert.deepEqual(findings({ 'index.mdx': "import Note from 'snippets/note.mdx';\n\n<Note />\n", 'snippets/note.mdx': 'Text.\n' }), ['snippet-import-unresolved snippets/note.mdx']);
  assert.deepEqual(findings({ 'index.mdx': "import { Banner } from '/snippets/banner.js';\n\n<Banner />\n", 'snippets/banner.js': JSX }), ['snippet-import-unresolved /snippets/banner.js']);
  assert.deepEqual(findings({ 'index.mdx': "import Note from '/snippets/note';\n\n<Note />\n", 'snippets/note.mdx': 'Text.\n' }), ['snippet-import-unresolved /snippets/note']);
});

test('quiet twin: a path naming no file (a package too) is missing-snippet alone; imports in fenced code are not read', () => {
  assert.deepEqual(findings({ 'index.mdx': "import { useState } from 'react';\n\nText.\n" }), ['missing-snippet react']);
  assert.deepEqual(findings({ 'index.mdx': "import { Banner } from '/snippets/gone.jsx';\n\n<Banner />\n" }), ['missing-snippet /snippets/gone.jsx']);
  assert.deepEqual(findings({ 'index.mdx': "```mdx\nimport Banner from '/snippets/banner.jsx';\n```\n", 'snippets/banner.jsx': JSX }), []);
});

test('the snippet changes: the page importing it is checked again', () => {
  const files = { 'index.mdx': "import { Banner } from '/snippets/banner.jsx';\n\n<Banner />\n", 'snippets/banner.jsx': 'export const Banner = () => null;\n' };
  const s = openSite('{ "navigation": { "pages": ["index"] } }', { files });
  assert.deepEqual(pageFindings(s, 'index.mdx', files['index.mdx']), []);
  fs.writeFileSync(path.join(s.root, 'snippets/banner.jsx'), 'export const Banners = () => null;\n');
  s.service.fileEvents([{ uri: s.uriOf('snippets/banner.jsx'), type: 'changed' }]);
  assert.deepEqual(pageFindings(s, 'index.mdx', files['index.mdx']), ['snippet-missing-export Banner']);
});
