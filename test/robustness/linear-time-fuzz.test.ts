// Issue 22: every hostile page and docs.json shape, grown fourfold and sixteenfold, costs the same work per byte
// (within a factor of 2: a quadratic pass does 16 times the work per byte at the largest size). Work is counted
// (test/helpers/work-count.ts), not timed, so load on the machine cannot decide (issue 32).
import { test } from 'node:test';
import { checkDocs, DocsWorkspace } from '../../server/src/checker';
import { scanPageLinks } from '../../server/src/checker/pages/page-links';
import { mdxSyntaxError } from '../../server/src/checker/pages/mdx-parse';
import { readFrontMatterEntries } from '../../server/src/checker/pages/front-matter';
import { pageAnchors } from '../../server/src/checker/pages/page-anchors';
import { MintIgnore } from '../../server/src/checker/workspace/mint-ignore';
import { readFrontMatter, readSidebarLabel } from '../../server/src/language/pages/front-matter';
import { REQUIRED_SETTINGS } from '../helpers/docs-repo';
import { tempDir } from '../helpers/temp-dir';
import { assertLinearWork } from '../helpers/work-count';

const fill = (unit: string) => (size: number) => unit.repeat(Math.ceil(size / unit.length));

const PAGE_SHAPES: Record<string, (size: number) => string> = {
  'import + spaces': (size) => `import${' '.repeat(size)}x`,
  'import lines, one clause': (size) => `${'import\n'.repeat(size / 14)} from '${'x'.repeat(size / 2)}\n`,
  '[ only': fill('['),
  '[label]: lines without a destination': fill('[a]: \n\n'),
  '[label with no ]': fill('[aaaaaaa\n'),
  '<a + a word': (size) => `<a ${'w'.repeat(size)}`,
  '<a b c … (names without =)': fill('<a b c d e f g h '),
  'growing backtick runs': (size) => {
    let text = '';
    for (let run = 1; text.length < size; run++) text += `${'`'.repeat(run)} `;
    return text;
  },
  'backtick pairs over blank lines': fill('`` x\n\n'),
  ']( repeated': fill(']('),
  '[](< repeated': fill('[](<'),
  '[ then ]( repeated': (size) => `[${'](x'.repeat(size / 3)}`,
  '{ unclosed': fill('{'),
  '<!-- unclosed': fill('<!--'),
  '``` unclosed fences': fill('```\n'),
  'front matter never closed': (size) => `---\n${'a: b\n'.repeat(size / 5)}`,
  '![ + spaces + ](': (size) => `![${' '.repeat(size)}](x)`,
  // Padded with prose: a page dense with links is slower per byte at 320 KB from collecting their objects alone
  // (`[a](x) ` repeated, no image: 21 / 20 / 150 ms for the same bytes), which is not what these shapes test.
  '![ ](x) repeated': fill(`![ ](x) ${'w'.repeat(56)} `),
  '![ nested': (size) => `${'![ '.repeat(size / 6)}${'](x)'.repeat(size / 6)}`,
  '<img alt=" unclosed': fill('<img alt="'),
  '<img + blank alts': (size) => `<img ${'alt=" " '.repeat(size / 8)}>`,
  '<video + unquoted values': (size) => `<video ${'title=x '.repeat(size / 8)}>`,
  '<img + {...spreads}': fill('<img {...p} '),
  'links of blank images only': fill(`[![](a) ![](b) ![](c)](u) ${'w'.repeat(100)} `),
  'links of blank images, ( unclosed': fill(`[![](a ](u ${'w'.repeat(100)} `),
  'nested labels around <img>s': (size) => `${'['.repeat(size / 12)}${'<img> '.repeat(size / 12)}${'](u)'.repeat(size / 12)}`,
  'nested labels around blank images': (size) => `${'['.repeat(size / 11)}${'![](a)'.repeat(size / 11)}${'](u)'.repeat(size / 11)}`,
  '[ + blank images, no text': (size) => `[${`![](a)${' '.repeat(100)}`.repeat(size / 106)}](u)`,
};

/** MDX shapes for the platform's parser (micromark), each with a tag so that it is parsed: ~20 µs a byte at worst. */
const MDX_SHAPES: Record<string, (size: number) => string> = {
  'nested tags': fill('<a>'),
  'tags closed in a row': fill('<a>x</a> '),
  '{ on lines': fill('{\n'),
  'one long expression': (size) => `{${'a+'.repeat(size / 2)}a}`,
  'attributes': (size) => `<a ${'b="c" '.repeat(size / 6)}/>`,
  'table rows with tags': (size) => `| a | b |\n| - | - |\n${'| <x> | {1} |\n'.repeat(size / 14)}`,
  'heading ids': fill('## Title {#id}\n'),
  '[ and a tag': (size) => `<a/>${'['.repeat(size)}`,
  // In paragraphs of 500 delimiters: more in one paragraph is quadratic, and not parsed (`MAX_DELIMITERS_PER_BLOCK`).
  'emphasis paragraphs and a tag': (size) => `<a/>\n\n${`${'*a'.repeat(250)}\n\n`.repeat(size / 502)}`,
  'one paragraph of emphasis over the limit': (size) => `<a/>${'*a'.repeat(size / 2)}`,
  'deep quotes and a tag': (size) => `<a/>\n${`${'>'.repeat(300)} x\n`.repeat(size / 303)}`,
  'nested lists and a tag': (size) => {
    let text = '<a/>\n';
    for (let i = 0; text.length < size; i++) text += `${' '.repeat((i % 100) * 2)}- x\n`;
    return text;
  },
};

test('MDX shapes: the parse work per byte stays flat at 4 KB, 16 KB and 64 KB', () => {
  for (const [what, make] of Object.entries(MDX_SHAPES)) assertLinearWork(`MDX ${what}`, make, [4_000, 16_000, 64_000], (text) => mdxSyntaxError(text));
});

test('page shapes: work per byte stays flat at 20 KB, 80 KB and 320 KB', () => {
  for (const [what, make] of Object.entries(PAGE_SHAPES)) assertLinearWork(what, make, [20_000, 80_000, 320_000], (text) => scanPageLinks(text, true, []));
});

const FRONT_MATTER_SHAPES: Record<string, (size: number) => string> = {
  'title: + spaces': (size) => `---\ntitle: a${' '.repeat(size)}\n---\n`,
  'title: + spaces + x': (size) => `---\ntitle: a${' '.repeat(size)}x\n---\n`,
  'title: + {': (size) => `---\ntitle: ${'{'.repeat(size)}\n---\n`,
  'title: " + \\ pairs': (size) => `---\ntitle: "${'\\x'.repeat(size / 2)}\n---\n`,
  "title: ' + '' pairs": (size) => `---\ntitle: '${"''".repeat(size / 2)}\n---\n`,
};

// Issue 34: aliases in front matter, read (the platform reads them) with their expansion bounded.
const FRONT_MATTER_ALIAS_SHAPES: Record<string, (size: number) => string> = {
  'one anchor, many aliases': (size) => `---\na: &a [x, y]\n${Array.from({ length: size / 12 }, (_, i) => `k${i}: *a`).join('\n')}\n---\n`,
  'a list of aliases to a list of aliases': (size) => `---\na: &a [x, x]\nb: &b [${'*a, '.repeat(size / 8)}*a]\nc: [${'*b, '.repeat(size / 8)}*b]\n---\n`,
};

test('front matter alias shapes: work per byte stays flat at 4 KB, 16 KB and 60 KB', () => {
  // A new key each run: the last block read is kept (readFrontMatterEntries), and each run is to read one.
  let run = 0;
  const read = (text: string) => readFrontMatterEntries(text.replace('---\n', `---\nrun${run++}: 1\n`));
  for (const [what, make] of Object.entries(FRONT_MATTER_ALIAS_SHAPES)) assertLinearWork(what, make, [4_000, 16_000, 60_000], read);
});

test('front matter shapes: work per byte stays flat at 4 KB, 16 KB and 60 KB', () => {
  for (const [what, make] of Object.entries(FRONT_MATTER_SHAPES)) {
    assertLinearWork(what, make, [4_000, 16_000, 60_000], (text) => [readSidebarLabel(text), readFrontMatter(text)]);
  }
});

// Issue 34: one line of `#anchor` id sources (the heading and attribute expressions re-read the rest of the line).
const ANCHOR_SHAPES: Record<string, (size: number) => string> = {
  '<h1 without >': fill('<h1 '),
  '<h1> never closed': fill('<h1>x'),
  "title=' unclosed": fill("title=' "),
  'id={ unclosed': fill('id={ "x'),
  'one tag, many titles': (size) => `<Step ${'title="a" '.repeat(size / 10)}>`,
};

test('#anchor id shapes: work per byte stays flat at 20 KB, 80 KB and 320 KB', () => {
  for (const [what, make] of Object.entries(ANCHOR_SHAPES)) assertLinearWork(`#anchor ${what}`, make, [20_000, 80_000, 320_000], (text) => pageAnchors(text));
});

// Issue 34: one `.mintignore` pattern against a deep page (the `ignore` package's expression for a run of `**` never
// finished on a page 30 folders deep), each pattern against paths growing fourfold.
const MINT_IGNORE_SHAPES: Record<string, [string, (size: number) => string]> = {
  'a run of ** against a deep page': [`a/${'**/'.repeat(20)}b`, (size) => `${'a/'.repeat(size / 2)}page.mdx`],
  '** apart against a deep page': [`${'a/**/'.repeat(15)}b`, (size) => `${'a/'.repeat(size / 2)}page.mdx`],
  'an unanchored name against a deep page': ['b', (size) => `${'a/'.repeat(size / 2)}page.mdx`],
  'stars in one name against a long name': [`${'*a'.repeat(40)}*b`, (size) => `x/${'a'.repeat(size)}`],
};

test('.mintignore shapes: work per byte of the path stays flat at 2 KB, 8 KB and 32 KB', () => {
  for (const [what, [pattern, make]] of Object.entries(MINT_IGNORE_SHAPES)) {
    const ignore = new MintIgnore(pattern);
    assertLinearWork(`.mintignore ${what}`, make, [2_000, 8_000, 32_000], (path) => ignore.ignores(path));
  }
});

test('docs.json shapes: work per byte stays flat at 8 KB and 32 KB', () => {
  const root = tempDir('linear-docs-json');
  const docs = (navigation: (n: number) => unknown, extra: (n: number) => object = () => ({})) => (size: number) => {
    const n = Math.ceil(size / 8);
    return JSON.stringify({ ...REQUIRED_SETTINGS, ...extra(n), navigation: navigation(n) });
  };
  const keys = (n: number) => Array.from({ length: n }, (_, i) => [`k${i}`, 1]);
  const shapes: Record<string, (size: number) => string> = {
    '{} groups': docs((n) => ({ groups: Array(n * 2).fill({}) })),
    '{} pages': docs((n) => ({ pages: Array(n * 2).fill({}) })),
    'unknown keys in a menu item': docs((n) => ({ tabs: [{ tab: 't', menu: [Object.fromEntries([['item', 'i'], ...keys(n)])] }] })),
    'unknown keys at the root': docs(() => ({ pages: ['index'] }), (n) => Object.fromEntries(keys(n))),
    '$refs': docs((n) => ({ pages: Array.from({ length: n / 2 }, () => ({ $ref: 'p.json' })) })),
    'pattern redirects': docs(
      () => ({ pages: ['index'] }),
      (n) => ({ redirects: Array.from({ length: n / 4 }, (_, i) => ({ source: `/*x${i}`, destination: '/index' })) }),
    ),
  };
  for (const [what, make] of Object.entries(shapes)) assertLinearWork(what, make, [8_000, 32_000], (text) => checkDocs(new DocsWorkspace(root), text));
});
