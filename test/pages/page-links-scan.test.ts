import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { scanPageLinks } from '../../server/src/checker/pages/page-links';

function hrefs(text: string, mdx = true): string[] {
  return scanPageLinks(text, mdx).map((link) => `${link.form} ${link.href}`);
}

test('each link form is found, with the exact offsets of its target', () => {
  const text = [
    '---',
    'title: "[not](/front-matter)"',
    '---',
    "import Intro from '/snippets/intro.mdx';",
    '',
    'See [the guide](/guide/start "Start") and ![logo](/images/logo.png).',
    '[ref]: /reference/page',
    '<Card title="x" href="/cards/one">text</Card>',
    '<img src="/images/a.png" alt="a" />',
    '<video src={"/videos/b.mp4"} controls />',
    'A [link with (parens)](/a_(b)) and <https://auto.link>.',
    '[angle](</with space>)',
  ].join('\n');
  const links = scanPageLinks(text);
  assert.deepEqual(
    links.map((l) => `${l.form} ${l.href}`),
    ['import /snippets/intro.mdx', 'link /guide/start', 'image /images/logo.png', 'definition /reference/page', 'href /cards/one', 'src /images/a.png', 'src /videos/b.mp4', 'link /a_(b)', 'link /with space'],
  );
  for (const link of links) assert.equal(text.slice(link.start, link.end), link.href);
});

test('nothing in code fences, inline code, expressions or comments is a link', () => {
  const text = [
    '```md',
    '[fenced](/in-fence)',
    '```',
    '  ~~~',
    '  <Card href="/in-tilde-fence" />',
    '  ~~~',
    'Use `[inline](/in-code)` or ``a ` [b](/in-double)``.',
    '{/* [comment](/in-mdx-comment) */}',
    "{props.x ? '[t](/in-expression)' : null}",
    '<!-- [html](/in-html-comment) -->',
    '<Tabs items={["[x](/in-attr-expression)"]}>',
    '\\[escaped](/not-a-link) [real](/kept)',
  ].join('\n');
  assert.deepEqual(hrefs(text), ['link /kept']);
});

test('in a .md page, braces are text', () => {
  assert.deepEqual(hrefs('{ [a](/x) }'), []);
  assert.deepEqual(hrefs('{ [a](/x) }', false), ['link /x']);
});

test('an unclosed fence ends the page; footnote definitions are not links', () => {
  assert.deepEqual(hrefs('[^1]: a note\n[a](/x)\n```\n[b](/y)'), ['link /x']);
});

test('a reference definition nothing uses is marked unused (it renders nothing); a full, collapsed or shortcut use counts', () => {
  const text = [
    'See [text][used], [Collapsed][] and [short], and [Spaced  Label].',
    '',
    '[unused]: /nowhere-def',
    '[used]: /nowhere-used',
    '  [collapsed]: /nowhere-collapsed',
    '[SHORT]: /nowhere-short',
    '[spaced label]: /nowhere-spaced',
    '[Twice]: /a',
    '[twice]: /b',
  ].join('\n');
  const definitions = scanPageLinks(text).filter((link) => link.form === 'definition');
  assert.deepEqual(
    definitions.map((link) => `${link.href} ${link.unused ? 'unused' : 'used'}`),
    ['/nowhere-def unused', '/nowhere-used used', '/nowhere-collapsed used', '/nowhere-short used', '/nowhere-spaced used', '/a used', '/b used'],
  );
});

test('issue 45: fences as CommonMark reads them: none from a paragraph of inline code; in a list item or block quote, ending with it', () => {
  // A backtick fence's info string holds no backtick: a paragraph, whose link counts.
  assert.deepEqual(hrefs('```Schema``` see [a](/a)\n\n[b](/b)'), ['link /a', 'link /b']);
  // A fence opened on a list item's line: its content is code, and its close is no opening.
  assert.deepEqual(hrefs('- ```md\n  [in](/in-fence)\n  ```\n\n[after](/after)'), ['link /after']);
  // Unclosed, it ends with its list item or block quote.
  assert.deepEqual(hrefs('- ```\n  [in](/in-fence)\n\n[after](/after)'), ['link /after']);
  assert.deepEqual(hrefs('> ```\n> [in](/in-fence)\n\n[after](/after)'), ['link /after']);
  // Quiet twin: a fence at the top level does not end at a line indented less (MDX has no indented code).
  assert.deepEqual(hrefs('  ```\n[in](/in-fence)\n  ```\n[after](/after)'), ['link /after']);
});
