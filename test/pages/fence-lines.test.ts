// Code fences as CommonMark reads them (issue 45): the headings the anchor scan finds are the ones micromark, with
// the platform's MDX extensions, finds; a paragraph that starts with inline code is no fence.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { toString } from 'mdast-util-to-string';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { mdxjs } from 'micromark-extension-mdxjs';
import { headingSlug, pageAnchors } from '../../server/src/checker/pages/page-anchors';
import { opensFence } from '../../server/src/checker/pages/fence-lines';

/** Each case has a heading `After` below its fence-like lines, and `In` where only a misreading would see one. */
const CASES: Record<string, string> = {
  'paragraph of inline code': '```Schema``` text\n\n## After',
  'paragraph of inline code, spaced': '``` a ``` b\n## After',
  'tilde fence, backticks in its info': '~~~js `x`\n## In\n~~~\n## After',
  'backtick fence': '```js\n## In\n```\n## After',
  'indented fence (MDX has no indented code)': '    ```\n## In\n    ```\n## After',
  'closing run longer, info line inside': '````\n```js\n## In\n`````\n## After',
  'tildes do not close backticks': '```\n## In\n~~~\n## In too\n```\n## After',
  'two backticks are no fence': '``\n## After',
  'unclosed fence runs to the end': '## After\n```\n## In',
  'fence in a block quote': '> ```\n> ## In\n> ```\n## After',
  'unclosed fence in a block quote ends with it': '> ```\n> code\n\n## After',
  'fence opened on a list item line': '- ```js\n  ## In\n  ```\n\n## After',
  'unclosed fence in a list item ends with it': '- ```\n  code\n\n## After',
  'fence inside a list item': '1. Step\n\n   ```\n   ## In\n   ```\n\n## After',
  'heading in a block quote': '> ## After',
  'heading in a list item': '- ## After',
  'fence in a component': '<Tabs>\n  <Tab title="x">\n    ```bash\n    ## In\n    ```\n  </Tab>\n</Tabs>\n\n## After',
};

function micromarkHeadings(text: string): string[] {
  const tree = fromMarkdown(text, { extensions: [mdxjs(), gfm(), frontmatter(['yaml', 'toml']), math()], mdastExtensions: [mdxFromMarkdown(), gfmFromMarkdown()] });
  const found: string[] = [];
  const visit = (node: { type: string; depth?: number; children?: unknown[] }) => {
    if (node.type === 'heading' && (node.depth ?? 9) <= 4) found.push(headingSlug(toString(node as never)));
    for (const child of node.children ?? []) visit(child as never);
  };
  visit(tree as never);
  return found.sort();
}

for (const [name, text] of Object.entries(CASES)) {
  test(`fences as micromark reads them: ${name}`, () => {
    const micromark = micromarkHeadings(text);
    assert.ok(micromark.includes('after'), `the case is as meant: ${JSON.stringify(micromark)}`);
    // Tabs' titles make ids of their own: only headings are compared.
    assert.deepEqual([...pageAnchors(text)].filter((id) => /^(after|in|in-too)$/.test(id)).sort(), micromark);
  });
}

test('a backtick fence\'s info string holds no backtick; a tilde fence\'s may', () => {
  assert.equal(opensFence('```Schema``` text'), undefined);
  assert.equal(opensFence('```js title="a"')?.run, 3);
  assert.equal(opensFence('~~~js `x`')?.mark, '~');
  assert.equal(opensFence('> - ```')?.quotes, 1);
});
