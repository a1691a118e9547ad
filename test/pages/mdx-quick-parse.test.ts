// The quick pass of the MDX parse (`surelyParses`: the tokenizer on the page with its fenced code emptied, no tree):
// whenever it says a page parses, the full parser must find no error, and the verdicts the checks use
// (`parsedMdxError`) must be the full parser's. Checked on corpus pages, on hand-made shapes where emptying a fence
// or skipping the tree could hide an error, and on seeded mutations of corpus pages with MDX and markdown syntax.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { mdxjs } from 'micromark-extension-mdxjs';
import { SeededRandom } from '../../bench/seeded-random';
import { blankHeadingIds } from '../../server/src/checker/pages/heading-ids';
import { fullParseError, parsedMdxError } from '../../server/src/checker/pages/mdx-parse';
import { surelyParses, withFencedCodeEmptied } from '../../server/src/checker/pages/mdx-quick-parse';
import { mdxParseSkipped } from '../../server/src/checker/pages/mdx-skipped';
import { corpusPageTexts, NO_CORPUS_PAGES } from '../helpers/corpus';

const EXTENSIONS = [mdxjs(), gfm(), frontmatter(['yaml', 'toml']), math()];
const quick = (text: string) => surelyParses(blankHeadingIds(text), EXTENSIONS);

/** Shapes where a fence emptied or a tree not built could hide the full parser's error, each with its verdict. */
const SHAPES: [string, string, 'error' | 'parses'][] = [
  ['a list item whose code has a line less indented (it ends the item: the tag is page text)', '- item\n  ```\n<a>\n  ```\n', 'error'],
  ['a fence in a block quote, a tag in its code', '> ```\n> <a>\n> ```\n', 'parses'],
  ['a block quote ended by an unquoted code line', '> ```\n<a>\n> ```\n', 'error'],
  ['a fence inside an export template', 'export const a = `\n```\n<a>\n```\n`\n\nText\n', 'parses'],
  ['a fence in front matter', '---\nx: |\n  ```\n  <a>\n---\n\n<b>\n', 'error'],
  ['a fence never closed', 'Text\n\n```js\n<a>\n{\n', 'parses'],
  ['a shorter fence inside a longer one', '````md\n```\n<a>\n```\n````\n\n<b>\n', 'error'],
  ['a tilde fence whose info holds backticks', '~~~ `x`\n<a>\n~~~\n', 'parses'],
  ['a backtick fence whose info holds a backtick is no fence', '``` `x`\n<a>\n```\n', 'error'],
  ['code indented under a component, as pages write it', '<Tabs>\n  <Tab title="A">\n    ```js\n    const a = <b>;\n    ```\n  </Tab>\n</Tabs>\n', 'parses'],
  ['code under a component with a line at the margin', '<Tabs>\n  ```js\nconst a = {\n  ```\n</Tabs>\n', 'parses'],
  ['a tab-indented line in listed code', '- item\n  ```\n\t<a>\n  ```\n', 'parses'],
  ['a tag opened in one list item and closed in the next', '- <a>\n- </a>\n', 'error'],
  ['a component opened in one list item and closed in the next', '- x\n\n  <Tab>\n- y\n\n  </Tab>\n', 'error'],
  ['a component around a list', '<Steps>\n- a\n- b\n</Steps>\n', 'parses'],
  ['a tag closed inside emphasis it is not in', '<a>*b</a>*\n', 'error'],
  ['a closing tag with an attribute', '<a>\n</a x>\n', 'error'],
  ['a closing tag with a self-closing slash', '<a></a/>\n', 'error'],
  ['a closing tag with nothing open', 'Text </a> text\n', 'error'],
  ['a closing tag of another name', '<a>x</b>\n', 'error'],
  ['member names', '<a.b>x</a.b>\n', 'parses'],
  ['member names that differ', '<a.b>x</a.c>\n', 'error'],
  ['a fragment', '<>x</>\n', 'parses'],
  ['a tag left open at the end of its paragraph', '<a>x\n\ny</a>\n', 'error'],
  ['a flow component left open', '<Note>\n\nText\n', 'error'],
  ['an autolink ending before a tag in an expression', "https://x.com/{'<b>'}\n", 'error'],
  ['a table cell opening a tag the next closes', '| a | b |\n| - | - |\n| <a> | </a> |\n', 'error'],
  ['an expression error after emptied code', '```\nx\n```\n\n{a b}\n', 'error'],
  ['a paragraph whose tag is on its last line (its first lines are plain)', 'One line\nand another\nthen <a> left open\n', 'error'],
  ['a heading with a tag left open', '# Title <a>\n\nText\n', 'error'],
  ['an expression error after a byte order mark', '\uFEFFText {a b}\n', 'error'],
  ['a tag right after plain text and emphasis', 'Plain *text*<a>x</a>\n', 'parses'],
  ['an expression in a list item on its second line', '- item\n  text {a b}\n', 'error'],
];

test('shapes where emptied code or a tree not built could hide an error: the verdicts are the full parser\'s', () => {
  for (const [what, text, verdict] of SHAPES) {
    const full = fullParseError(text);
    assert.equal(full ? 'error' : 'parses', verdict, `${what}: the full parser`);
    assert.deepEqual(parsedMdxError(text), full, what);
    if (full) assert.equal(quick(text), false, `${what}: the quick pass is not sure`);
  }
  // The usual page is answered by the quick pass: its fenced code emptied and the tree never built.
  const usual = SHAPES.find(([what]) => what.startsWith('code indented under a component'))![1];
  assert.equal(quick(usual), true);
  assert.deepEqual(withFencedCodeEmptied(usual).fences, [{ open: 3, close: 5 }]);
  assert.equal(withFencedCodeEmptied(usual).text.split('\n')[3], '');
});

test('corpus pages with MDX: the quick pass answers almost all, and never where the full parser finds an error', { skip: NO_CORPUS_PAGES }, () => {
  const texts = corpusPageTexts()
    .filter((text) => text.length < 4_000 && !mdxParseSkipped(text));
  assert.ok(texts.length > 500, `${texts.length} pages`);
  let answered = 0;
  for (const text of texts) {
    const sure = quick(text);
    if (sure) answered++;
    assert.ok(!sure || fullParseError(text) === undefined, text.slice(0, 300));
  }
  assert.ok(answered >= texts.length * 0.98, `${answered} of ${texts.length} answered by the quick pass`);
});

/** What a mutation inserts: MDX tags and expressions, and the markdown that opens or ends fences, lists and quotes. */
const SNIPPETS = ['<a>', '</a>', '<b/>', '<A.b>', '</A.b>', '<a x="1">', '</a x>', '</a/>', '{', '}', '{x}', '</', '<', '\n- ', '\n  ', '\n', '\n\n', '> ', '```', '\n```\n', '\n  ```\n', '~~~', '*', '**', '[', '](x)', '|', '\n|a|b|\n|-|-|\n', '\t', '    ', '<Tab>', '</Tab>', '\n<Tab>\n', '\n</Tab>\n', 'https://x.com/{', "{'", "'}", '$$', '\n$$\n', '---\n', 'export const a = 1\n', '<>', '</>', '1. '];

test('seeded mutations of corpus pages with fenced code: where the quick pass says "parses", so does the full parser', { skip: NO_CORPUS_PAGES }, () => {
  const texts = corpusPageTexts()
    .filter((text) => text.length < 6_000 && text.includes('```'));
  const random = new SeededRandom(36);
  let errors = 0;
  let answered = 0;
  for (let i = 0; i < 400; i++) {
    let text = texts[random.int(0, texts.length - 1)];
    for (let n = random.int(1, 6); n > 0; n--) {
      const at = random.int(0, text.length);
      text = text.slice(0, at) + SNIPPETS[random.int(0, SNIPPETS.length - 1)] + text.slice(at);
    }
    const full = fullParseError(text);
    const sure = quick(text);
    if (full) errors++;
    if (sure) answered++;
    assert.ok(!(sure && full), `the quick pass says this parses; the parser: ${full?.message}\n${text}`);
  }
  // Both kinds are many: the mutations reach errors, and the quick pass answers the pages that parse.
  assert.ok(errors > 120 && answered > 120, `${errors} errors, ${answered} answered by the quick pass`);
});
