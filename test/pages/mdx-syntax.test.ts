// MDX that will not build (issue 26): the platform's parser (micromark with the MDX, GFM, math and front matter
// extensions) finds the error and where it is; what the platform accepts is accepted. Each case's verdict and
// position were compared with `mint broken-links` (@mintlify/cli 4.0.1552), which stops on the same pages.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { blankHeadingIds } from '../../server/src/checker/pages/heading-ids';
import { mdxSyntaxError, mdxVerdict } from '../../server/src/checker/pages/mdx-parse';
import { MAX_DELIMITERS_PER_BLOCK, MAX_LINE_PREFIX, MAX_MDX_PARSE } from '../../server/src/checker/pages/mdx-skipped';
import { PageLinks } from '../../server/src/project/page-links';
import { MdxVerdicts } from '../../server/src/project/mdx-verdicts';
import { MdxWorkerPool, mdxWorkerScript } from '../../server/src/project/mdx-worker-pool';
import { createLanguageService } from '../../server/src/language';
import { makeDocsRepo } from '../helpers/docs-repo';

/** `line:column 'flagged text'` of a page's MDX error (1-based, as mint prints it), or 'ok'. */
function verdict(page: string): string {
  const error = mdxSyntaxError(page);
  if (!error) return 'ok';
  const before = page.slice(0, error.offset).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1} '${page.slice(error.offset, error.offset + error.length)}'`;
}

test('MDX errors the platform stops on, at the position mint prints', () => {
  const cases: [string, string][] = [
    ['# T\n\n<Card>\n\ntext\n', "3:1 '<Card>'"], // mint: 1:1 names the tag's range (3:1-3:7) in its message
    ['Text <Card> inline\n', "1:1 'Text <Card> inline'"], // mint: 1:1-1:19, the paragraph it must close in
    ['Text {a b} here\n', "1:8 ' '"],
    ['Text {\n', "1:7 '\n'"],
    ['I <3 docs\n', "1:4 '3'"],
    ['<Card title={a b} />\n', "1:15 ' '"],
    ['<Card title=x />\n', "1:13 'x'"],
    ['export const = 1\n\ntext\n', "1:14 '='"],
    ['### Title {#id} trailing\n', "1:12 '#'"],
    ['line<br>break\n', "1:1 'line<br>break'"],
    ['<!-- comment -->\n\ntext\n', "1:2 '!'"],
    ['a {a:} b\n', "1:5 ':'"],
    ['> <Tip>\n\nx</Tip>\n', "1:1 '> <Tip>'"],
    ['- <Card>\n\n</Card>\n', "1:1 '- <Card>'"],
    ['*<a>*</a>\n', "1:1 '*<a>*'"],
    ['| a | <b> |\n| --- | --- |\n| c | </b> |\n', "1:5 '| <b> |'"],
    ['~~<s>~~</s>\n', "1:1 '~~<s>~~'"],
    ['text <Foo\n', "1:10 '\n'"],
    ['line one\r\nText {a b} here\r\n', "2:8 ' '"],
    ['    ## Indented {#id}\n', "1:18 '#'"],
    ['<a>x</a b="1">\n', "1:9 'b=\"1\"'"],
    ['<a>x</a/>\n', "1:8 '/'"],
  ];
  for (const [page, expected] of cases) assert.equal(verdict(page), expected, JSON.stringify(page));
});

test('MDX the platform builds: comments, code, math, front matter, custom heading ids, valid JSX and ESM', () => {
  for (const page of [
    '{/* a comment */}\n\ntext\n',
    '{/* <Card> */}\n\ntext\n',
    '## Heading {#custom-id}\n\ntext\n',
    '## Heading {#custom id}\n',
    '{/*\n## Title {#id}\n*/}\n\ntext\n',
    '```js\n{a b} <Card>\n```\n',
    'Use `{a b}` and `<Card>` here\n',
    'Math $\\frac{a b}{c}$ here\n',
    '$$\n{a b}\n$$\n',
    '---\ntitle: {a b}\n---\n\ntext\n',
    '+++\ntitle = "{a b}"\n+++\n\ntext\n',
    '<div class="x">hi</div>\n',
    'a {1 + 1} b\n',
    '<Card>\n\n- item\n\n</Card>\n',
    'see https://a.com/{a b} now\n',
    '<Card title="a" {...props} />\n',
    '<a.b.c>x</a.b.c>\n',
    'a {} b\n',
    'a \\{a b} b\n',
    'a < b and c > d\n',
    'import {A} from "./a.mdx"\n\ntext\n',
    'export const a = {b: 1}\n\ntext\n',
    '{[1,2].map((x) => <span key={x}>{x}</span>)}\n',
    'plain markdown without any tag or brace\n',
  ]) {
    assert.equal(verdict(page), 'ok', JSON.stringify(page));
  }
});

test('a heading id is hidden with spaces: every offset stays; not inside a fence, not without heading text', () => {
  assert.equal(blankHeadingIds('## Title {#my-id}\n'), '## Title         \n');
  assert.equal(blankHeadingIds('## A {b} {#c}  \r\n'), '## A {b}       \r\n');
  assert.equal(blankHeadingIds('```\n## Title {#my-id}\n```\n'), '```\n## Title {#my-id}\n```\n');
  assert.equal(blankHeadingIds('## {#x}\n'), '## {#x}\n');
  assert.equal(blankHeadingIds('## Title {#id} tail\n'), '## Title {#id} tail\n');
  assert.equal(blankHeadingIds('    ## Title {#id}\n'), '    ## Title {#id}\n');
});

test('a page over the parse cap is not judged; a parser crash is at most "could not be parsed"', () => {
  assert.equal(mdxSyntaxError(`${'a '.repeat(MAX_MDX_PARSE / 2)}{a b}`), undefined);
  // 100,000 nested tags: the tree builder's stack holds (no recursion overflows), and the unclosed one is found.
  const nested = '<a>'.repeat(100_000);
  const error = mdxSyntaxError(nested);
  assert.ok(error && /closing tag/.test(error.message), error?.message);
});

test('a site: the error shows on its page (a .md page too), with the code mdx-syntax and severity error', () => {
  const root = makeDocsRepo({ 'docs.json': { navigation: { pages: ['a', 'b', 'c'] } }, 'a.mdx': '# A\n\n<Card>\n', 'b.md': 'b {a b}\n', 'c.mdx': '<Card>ok</Card>\n' });
  const project = createLanguageService().projectAt(root);
  const links = new PageLinks(project.workspace);
  links.mdx.parseNow = mdxVerdict;
  const shown = [...links.checkAll(project.model())].map(([page, ds]) => ds.map((d) => `${page} ${d.code} ${d.severity} ${d.offset}+${d.length}`)).flat();
  assert.deepEqual(shown.sort(), ['a.mdx mdx-syntax error 5+6', 'b.md mdx-syntax error 4+1']);
});

test('deferred (the language server): no parse on the check, the earlier verdict meanwhile, a changed verdict told', () => {
  const verdicts = new MdxVerdicts();
  verdicts.parseNow = mdxVerdict;
  const told: string[] = [];
  verdicts.onChanged = (page) => told.push(page);
  assert.equal(verdicts.errorOf('p.mdx', 'a {a b}\n'), undefined);
  verdicts.flush();
  assert.deepEqual(told, ['p.mdx']);
  assert.equal(verdicts.errorOf('p.mdx', 'a {a b}\n')?.offset, 4);
  // Typed on: the earlier error stands until the parse; the same error again tells nothing.
  assert.equal(verdicts.errorOf('p.mdx', 'a {a b}\nmore\n')?.offset, 4);
  verdicts.flush();
  assert.deepEqual(told, ['p.mdx']);
  assert.equal(verdicts.errorOf('p.mdx', 'fixed {a}\n')?.offset, 4);
  verdicts.flush();
  assert.deepEqual(told, ['p.mdx', 'p.mdx']);
  assert.equal(verdicts.errorOf('p.mdx', 'fixed {a}\n'), undefined);
});

test('a paragraph of more than 2,000 emphasis delimiters is not judged (micromark pairs them in quadratic time)', () => {
  // `{a b}` is an error when judged: no verdict means micromark was not run (how long it takes is the bench's figure).
  assert.equal(mdxSyntaxError(`{a b}\n\n${'*a'.repeat(MAX_DELIMITERS_PER_BLOCK + 1)}`), undefined);
  // Spread over paragraphs they are parsed.
  assert.ok(mdxSyntaxError(`{a b}\n\n${'*a*\n\n'.repeat(MAX_DELIMITERS_PER_BLOCK)}`));
});

test('deep nesting (a line of over 400 indentation and `>` characters) is not judged: quadratic in micromark', () => {
  assert.equal(mdxSyntaxError(`{a b}\n\n${'>'.repeat(50_000)} <a/>`), undefined);
  assert.equal(mdxSyntaxError(`{a b}\n\n${' '.repeat(MAX_LINE_PREFIX + 1)}- x\n`), undefined);
  assert.ok(mdxSyntaxError(`{a b}\n\n${'>'.repeat(MAX_LINE_PREFIX - 1)} <a/>`));
});

test('in a worker (the language server, --check-mdx): open pages first, a newer text replaces a queued one, settled', async () => {
  const pool = new MdxWorkerPool(mdxWorkerScript()!, 1);
  try {
    const verdicts = new MdxVerdicts();
    verdicts.pool = pool;
    verdicts.deferMs = 0;
    verdicts.isOpen = (page) => page === 'open.mdx';
    const told: string[] = [];
    verdicts.onChanged = (page) => told.push(page);
    assert.equal(verdicts.errorOf('closed.mdx', 'w1 {a b}\n'), undefined);
    assert.equal(verdicts.errorOf('closed.mdx', 'w2 {a b}\n'), undefined);
    assert.equal(verdicts.errorOf('open.mdx', 'w3 <Card>\n'), undefined);
    await verdicts.whenSettled();
    assert.deepEqual(told, ['open.mdx', 'closed.mdx']);
    assert.equal(verdicts.errorOf('closed.mdx', 'w2 {a b}\n')?.offset, 5);
    assert.ok(verdicts.errorOf('open.mdx', 'w3 <Card>\n'));
  } finally {
    pool.dispose();
  }
});

test('a worker that runs out of memory: the page could not be parsed, and a new worker takes the next page', async () => {
  const tiny = new MdxWorkerPool(mdxWorkerScript()!, 1, { heapMb: 1 });
  const parse = (pool: MdxWorkerPool, text: string) => new Promise<{ offset: number; message: string } | undefined>((resolve) => pool.parse(text, resolve));
  try {
    assert.match((await parse(tiny, `z {a b}\n${'<a>x</a> '.repeat(200_000)}`))!.message, /could not be parsed: parsing it needs more than 1 MB of memory/);
    // The dead worker was replaced: the next page is answered (by a new worker, out of memory again at 1 MB).
    assert.match((await parse(tiny, 'y {a b}\n'))!.message, /could not be parsed/);
  } finally {
    tiny.dispose();
  }
});

test('the queue of a whole folder: open pages first, each page asked once whether it is open (no scan of the queue per parse)', () => {
  const verdicts = new MdxVerdicts();
  verdicts.onChanged = () => undefined;
  let asked = 0;
  const open = new Set<string>();
  verdicts.isOpen = (page) => {
    asked++;
    return open.has(page);
  };
  const parsed: string[] = [];
  verdicts.parseNow = (text) => {
    parsed.push(text);
    return {};
  };
  for (let i = 0; i < 20_000; i++) verdicts.errorOf(`p${i}.mdx`, `page ${i} <a/>\n`);
  // Opened while queued: checked again with its text (as the server does on opening), it goes first.
  open.add('p19999.mdx');
  verdicts.errorOf('p19999.mdx', 'page 19999 <a/>\n');
  verdicts.flush();
  assert.equal(parsed.length, 20_000, 'each page once');
  assert.equal(parsed[0], 'page 19999 <a/>\n');
  assert.equal(asked, 20_001, 'once per check of a page, not once per page queued at every parse');
});
