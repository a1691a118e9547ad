// The outline of a page: its headings, nested by level, outside front matter and code fences.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DocumentSymbol } from 'vscode-languageserver-types';
import { openSite } from './helpers';

const PAGE = [
  '---',
  'title: "# Not a heading"',
  '---',
  '',
  '# Install',
  '',
  'Text.',
  '',
  '## With npm ##',
  '```sh',
  '# a comment, not a heading',
  '```',
  '',
  '<Tab title="pnpm">',
  '### With pnpm',
  '</Tab>',
  '',
  'Configure',
  '=========',
  '',
  '#NoSpace is a tag',
  '####### seven is text',
].join('\n');

function shape(symbols: DocumentSymbol[]): unknown[] {
  return symbols.map((s) => [s.name, s.selectionRange.start.line, s.range.end.line, ...(s.children?.length ? [shape(s.children)] : [])]);
}

test('a page outlines its headings, nested by level: ATX and setext, none in front matter or code fences', () => {
  const site = openSite('{ "navigation": { "pages": ["guide"] } }', { files: { 'guide.mdx': PAGE } });
  const outline = site.service.documentSymbols(site.project, site.uriOf('guide.mdx'));
  assert.deepEqual(shape(outline!), [
    ['Install', 4, 16, [['With npm', 8, 16, [['With pnpm', 14, 16]]]]],
    ['Configure', 17, 21],
  ]);
  assert.deepEqual(outline![0].selectionRange, { start: { line: 4, character: 0 }, end: { line: 4, character: 9 } });
});

test('the outline follows the text in the editor, and a disabled folder has none', () => {
  const site = openSite('{ "navigation": { "pages": ["guide"] } }', { files: { 'guide.md': '# Old\n' } });
  site.service.openDocument(site.uriOf('guide.md'), '# New\n\n## Part\n');
  assert.deepEqual(shape(site.service.documentSymbols(site.project, site.uriOf('guide.md'))!), [['New', 0, 3, [['Part', 2, 3]]]]);
  const off = openSite('{ "navigation": { "pages": ["guide"] } }', { files: { 'guide.md': '# Old\n' }, settings: { enable: false } });
  assert.equal(off.service.documentSymbols(off.project, off.uriOf('guide.md')), null);
});
