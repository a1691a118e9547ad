// Issue 22, items 1, 2, 4-9 and 13: each hostile shape the outside probe found, at a size that ran for seconds (or
// never ended, or crashed) before and now costs work linear in its size (counted, not timed).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkDocs, DocsWorkspace, FileIndex, MAX_FINDINGS_PER_FILE } from '../../server/src/checker';
import { makeSourceFile } from '../../server/src/checker/json/json-tree';
import { resolveLink, resolvesToSomething } from '../../server/src/checker/links/resolve-link';
import { RedirectTable } from '../../server/src/checker/links/redirects';
import { scanPageLinks } from '../../server/src/checker/pages/page-links';
import { checkPageLinks } from '../../server/src/checker/rules/page-links/rule';
import { readFrontMatter, readSidebarLabel, MAX_LABEL, SidebarLabels } from '../../server/src/language/pages/front-matter';
import { REQUIRED_SETTINGS } from '../helpers/docs-repo';
import { tempDir } from '../helpers/temp-dir';
import { countWork } from '../helpers/work-count';

/**
 * `run`'s work, counted (not timed: issue 32), at most `perUnit` steps a unit of `size` (a byte, an item): a pass
 * that reads the rest of its input per unit does about `size` times that at these sizes.
 */
function linear<T>(what: string, size: number, perUnit: number, run: () => T): T {
  const { result, work } = countWork(run);
  assert.ok(work <= perUnit * size, `${what}: ${work} steps for a size of ${size} (bound ${perUnit} a unit)`);
  return result;
}

test('item 1: a redirect source of 12 stars is matched without backtracking (it hung the check)', () => {
  const table = new RedirectTable([{ source: '/*a*a*a*a*a*a*a*a*a*a*a*a*b', destination: `/${'a'.repeat(40)}` }]);
  linear('stars', 40, 20, () => assert.equal(table.destinationOf('a'.repeat(40)), undefined));
  const matching = new RedirectTable([{ source: '/*a*a*b', destination: '/x/*/*/*' }]);
  assert.equal(matching.destinationOf('1a2a3ab'), '/x/1a2/3/');
  const root = tempDir('redirect-stars');
  fs.writeFileSync(path.join(root, 'index.mdx'), '# x\n');
  const text = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['index'] }, redirects: [{ source: '/*a*a*a*a*a*a*a*a*a*a*a*a*b', destination: `/${'a'.repeat(40)}` }] });
  linear('check', text.length, 200, () => checkDocs(new DocsWorkspace(root), text));
});

test('item 9: 10,000 pattern redirects, each link tried only against the sources that may match it', () => {
  const table = new RedirectTable([
    ...Array.from({ length: 5000 }, (_, i) => ({ source: `/old${i}/:slug*`, destination: `/new${i}/:slug*` })),
    ...Array.from({ length: 5000 }, (_, i) => ({ source: `/*/page${i}`, destination: `/pages/${i}` })),
  ]);
  const files = new FileIndex(['new4999/a/b.mdx', 'pages/4999.mdx']);
  linear('10,000 look-ups', 10_000, 500, () => {
    for (let i = 0; i < 5_000; i++) {
      assert.equal(resolvesToSomething(resolveLink('/old4999/a/b', { files, redirects: table })), true);
      assert.equal(resolvesToSomething(resolveLink('/x/y/page4999', { files, redirects: table })), true);
    }
  });
  // Sources that start and end with a wildcard (100-150 s for 10,000 of them and 5,000 broken links).
  const inner = new RedirectTable(Array.from({ length: 10_000 }, (_, i) => ({ source: `/*/seg${i}/*`, destination: `/moved${i}` })));
  linear('10,000 look-ups among sources with a wildcard at both ends', 10_000, 10, () => {
    for (let i = 0; i < 5_000; i++) assert.equal(inner.destinationOf(`missing/page-${i}/deep`), undefined);
    assert.equal(inner.destinationOf('a/b/seg9999/c'), '/moved9999');
  });
  // The first source in docs.json order wins, whichever index holds it.
  const order = new RedirectTable([
    { source: '/*', destination: '/any/*' },
    { source: '/docs/:page', destination: '/docs-page/:page' },
  ]);
  assert.equal(order.destinationOf('docs/x'), '/any/docs/x');
  const grams = new RedirectTable([
    { source: '/*/b/*', destination: '/first/*/*' },
    { source: '/*abc*', destination: '/second' },
    { source: '/*b*', destination: '/third' },
    { source: '/*/b/*', destination: '/written-again' },
  ]);
  assert.equal(grams.destinationOf('x/abc/y'), '/second');
  assert.equal(grams.destinationOf('a/b/c'), '/first/a/c');
  assert.equal(grams.destinationOf('xbx'), '/third');
  assert.equal(grams.destinationOf('xyz'), undefined);
});

test('items 2, 6, 7: the page scanner is linear on every shape that stalled or crashed it', () => {
  const growing = (n: number) => {
    let text = '';
    for (let run = 1; text.length < n; run++) text += `${'`'.repeat(run)} `;
    return text;
  };
  const shapes: [string, string][] = [
    ['import and 20,000 spaces (never ended)', `import${' '.repeat(20_000)}x`],
    ['10 MB of [ (stack overflow, no findings)', '['.repeat(10_000_000)],
    ['<a and a 200 KB word (40 s)', `<a ${'w'.repeat(200_000)}`],
    ['growing backtick runs, 1 MB (12 s)', growing(1_000_000)],
    ['](  repeated over 2 MB (5 s)', ']('.repeat(1_000_000)],
    ['[](< repeated over 1 MB', '[](<'.repeat(250_000)],
    ['import lines sharing one clause', `${'import\n'.repeat(20_000)} from '${'x'.repeat(100_000)}\n`],
  ];
  for (const [what, text] of shapes) linear(what, text.length, 30, () => scanPageLinks(text));
  assert.deepEqual(scanPageLinks(`import X from '/snippets/x.mdx';\n[a](/b)`).map((l) => l.href), ['/snippets/x.mdx', '/b']);
});

test('items 4, 5: front matter titles in one pass, and no YAML for deep flow nesting (V8 aborted on 15,000 {)', () => {
  linear('title: {×15,000', 15_000, 25, () => assert.equal(readSidebarLabel(`---\ntitle: ${'{'.repeat(15_000)}\n---\n`), undefined));
  linear('description: [×15,000', 15_000, 10, () => assert.deepEqual(readFrontMatter(`---\ntitle: x\ndescription: ${'['.repeat(15_000)}\n---\n`), {}));
  const spaced = `---\ntitle: a${' '.repeat(60_000)}\n---\n`;
  const spacedWord = `---\ntitle: a${' '.repeat(60_000)}x\n---\n`;
  linear('10 titles of a, 60,000 spaces and x (9 s each; 10 took over 25 s)', 1_200_000, 25, () => {
    for (let i = 0; i < 10; i++) {
      assert.equal(readSidebarLabel(spaced), 'a');
      assert.equal(readSidebarLabel(spacedWord)?.length, 60_002);
    }
  });
  const labels = new SidebarLabels();
  const long = `---\ntitle: ${'t'.repeat(1000)}\n---\n`;
  assert.equal(labels.of('a.mdx', long)?.length, MAX_LABEL);
  assert.equal(labels.of('a.mdx', '---\ntitle: Changed\n---\n'), 'Changed');
});

test('item 13: at most 1,000 findings a file, then one that counts the rest', () => {
  const files = new FileIndex(['index.mdx']);
  const text = '[a](/nope)\n'.repeat(200_000);
  const links = scanPageLinks(text);
  const found = linear('200,000 broken links', 200_000, 200, () => checkPageLinks(() => makeSourceFile('/docs/index.mdx', text), 'index.mdx', links, { files }));
  assert.equal(found.length, MAX_FINDINGS_PER_FILE + 1);
  assert.match(found[MAX_FINDINGS_PER_FILE].message, /^199,000 more findings in this file not shown: at most 1,000 a file/);
  assert.equal(found[MAX_FINDINGS_PER_FILE].offset, 11 * MAX_FINDINGS_PER_FILE + 4);
  const root = tempDir('capped-docs-json');
  const groups = checkDocs(new DocsWorkspace(root), JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { groups: Array(3000).fill({}) } })).diagnostics;
  assert.equal(groups.length, MAX_FINDINGS_PER_FILE + 1);
  assert.match(groups[MAX_FINDINGS_PER_FILE].message, /more findings in this file not shown/);
});

test('item 8: bad docs.json entries cost near-linear work (ajv errors gathered in place, keys looked up by map)', () => {
  const root = tempDir('bad-entries');
  const check = (navigation: unknown, extra = {}) => () => checkDocs(new DocsWorkspace(root), JSON.stringify({ ...REQUIRED_SETTINGS, ...extra, navigation }));
  linear('16,000 {} pages (95 s)', 16_000, 1000, check({ pages: Array(16_000).fill({}) }));
  linear('40,000 unknown keys in a menu item', 40_000, 600, check({ tabs: [{ tab: 't', menu: [Object.fromEntries([['item', 'i'], ...Array.from({ length: 40_000 }, (_, i) => [`k${i}`, 1])])] }] }));
});

test('low item: a chain of more than 16 redirects is said to be one, not "no redirect"', () => {
  const redirects = new RedirectTable(Array.from({ length: 20 }, (_, i) => ({ source: `/hop${i}`, destination: `/hop${i + 1}` })));
  const files = new FileIndex(['index.mdx', 'hop20.mdx']);
  const text = '[far](/hop0)';
  const [finding] = checkPageLinks(() => makeSourceFile('/docs/index.mdx', text), 'index.mdx', scanPageLinks(text), { files, redirects });
  assert.match(finding.message, /^Link target `\/hop0` not found: `\/hop16` is reached through more than 16 redirects, taken as a loop$/);
});
