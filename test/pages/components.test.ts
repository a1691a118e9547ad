// Built-in components in pages (issue 36): the scan of tags and local names, and each rule flagged and accepted.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { makeSourceFile } from '../../server/src/checker';
import { scanComponentTags } from '../../server/src/checker/pages/component-tags';
import { checkComponents } from '../../server/src/checker/rules/components/rule';

/** Each finding as `code text-it-marks (suggestion)`. */
function findings(text: string, snippet = false): string[] {
  const file = makeSourceFile('/site/page.mdx', text);
  return checkComponents(() => file, scanComponentTags(text), snippet).map(
    (d) => `${d.code} ${text.slice(d.offset, d.offset + d.length)}${d.data?.suggestion ? ` (${d.data.suggestion})` : ''}`,
  );
}

test('scan: component tags with their props; HTML, code, comments and expressions are not read', () => {
  const text = [
    '---',
    'title: <Nope>',
    '---',
    '<Card title="A" href=\'/b\' horizontal icon={x} {...rest}>',
    '<div><span>html</span></div>',
    '`<InCode />`',
    '```mdx',
    '<InFence />',
    '```',
    '<!-- <InComment /> -->',
    '{/* <InExpression /> */}',
    '</Card>',
    '<Tree.Folder name="src" />',
  ].join('\n');
  const { tags } = scanComponentTags(text);
  assert.deepEqual(
    tags.map((t) => `${t.name}[${t.attributes.map((a) => (a.value === undefined ? a.name : `${a.name}=${a.value}`)).join(' ')}]${t.spread ? '...' : ''}`),
    ['Card[title=A href=/b horizontal icon]...', 'Tree.Folder[name=src]'],
  );
});

test('scan: names imported or defined by the page, and the destructured props of a definition', () => {
  const text = [
    "import Intro from '/snippets/intro.mdx';",
    "import { Aside, Old as New } from '/snippets/aside.jsx';",
    '',
    'export const Greeting = ({ name, punctuation = "!", style: { color } }) => <p>Hi {name}{punctuation}</p>;',
    '',
    'export function Any(props) { return <div {...props} />; }',
    '',
    '<Greeting name="Ada" />',
  ].join('\n');
  const scanned = scanComponentTags(text);
  assert.deepEqual([...scanned.local].sort(), ['Any', 'Aside', 'Greeting', 'Intro', 'New', 'Old']);
  assert.deepEqual(scanned.localProps.get('Greeting'), ['name', 'punctuation', 'style']);
  assert.equal(scanned.localProps.get('Any'), undefined);
  assert.deepEqual(scanned.tags.map((t) => t.name), ['Greeting'], 'tags inside an export are its code, not the page');
});

test('unknown-component: flagged with the nearest built-in name; imported, defined and HTML names accepted', () => {
  assert.deepEqual(findings('<Carrd title="A">x</Carrd>\n'), ['unknown-component Carrd (Card)']);
  assert.deepEqual(findings('<Zzyzx />\n'), ['unknown-component Zzyzx']);
  assert.deepEqual(findings("import { Zzyzx } from '/snippets/z.jsx';\n\n<Zzyzx />\n<Zzyzx.Part />\n"), []);
  assert.deepEqual(findings('export const Zzyzx = () => <b>z</b>;\n\n<Zzyzx />\n'), []);
  assert.deepEqual(findings('<section><custom-element /></section>\n'), []);
  assert.deepEqual(findings('<Zzyzx />\n', true), [], 'a snippet sees the imports of the pages that render it');
  assert.deepEqual(findings('<CardGroup cols={2}><Card title="A" /></CardGroup>\n<ParamField query="q" anything="x" />\n'), [], 'deprecated and open components');
});

test('unknown-component: a block is said to be left out of the page, a tag in text to break it; names the platform keeps are accepted', () => {
  const messages = (text: string) => {
    const file = makeSourceFile('/site/page.mdx', text);
    return checkComponents(() => file, scanComponentTags(text)).map((d) => d.message.replace(/^.*?: /, '').replace(/\..*$/, ''));
  };
  const leftOut = 'the platform leaves it out of the page, with all it wraps';
  const fails = 'the page may fail to render';
  assert.deepEqual(messages('<Alert type="success">\nText\n</Alert>\n'), [leftOut]);
  assert.deepEqual(messages('<CodeGroup>\n  <AsyncCrawl />\n</CodeGroup>\n> <Quoted></Quoted>\n'), [leftOut, leftOut]);
  assert.deepEqual(messages('Read <Zzyzx /> first.\n<Zzyzx>text after</Zzyzx>\n'), [fails, fails]);
  assert.deepEqual(findings('<FileTree />\n<GitHub.Repo owner="o" />\n<Link href="/a">a</Link>\n<CodeBlock language="js" />\n<SnippetGroup />\n'), []);
});

test('nearest names: a shared start or word before edit distance (issue 48: <CheckListItem> suggested <Color.Item>)', () => {
  assert.deepEqual(findings('<CheckListItem />\n'), ['unknown-component CheckListItem (Check)']);
  assert.deepEqual(findings('<Carrd>x</Carrd>\n<Accordian title="A">x</Accordian>\n<Stepss>x</Stepss>\n<Toolip>x</Toolip>\n').slice(0, 4), [
    'unknown-component Carrd (Card)',
    'unknown-component Accordian (Accordion)',
    'unknown-component Stepss (Steps)',
    'unknown-component Toolip (Tooltip)',
  ]);
});

test('unknown-prop: flagged with the nearest prop; known, universal, spread-free open props accepted', () => {
  assert.deepEqual(findings('<Card titel="A" />\n'), ['unknown-prop titel (title)']);
  assert.deepEqual(findings('<Step title="A" duration="5 min" />\n'), ['unknown-prop duration']);
  assert.deepEqual(findings('<Card title="A" id="a" className="c" data-x="1" aria-label="l" />\n'), []);
  assert.deepEqual(findings('<Tooltip tip="More">word</Tooltip>\n<Frame caption="A chart"><img src="a.png" alt="a" /></Frame>\n'), [], 'MDX props the package lacks');
  assert.deepEqual(findings('<Update label="v1" description="d" tags={["a"]}>x</Update>\n'), []);
});

test('invalid-prop-value: a quoted value outside the enum; expressions and icon props are not read', () => {
  assert.deepEqual(findings('<Badge color="purplee">Beta</Badge>\n'), ['invalid-prop-value purplee (purple)']);
  assert.deepEqual(findings('<Columns cols="7">x</Columns>\n'), ['invalid-prop-value 7']);
  assert.deepEqual(findings('<Badge color="purple">Beta</Badge>\n<Columns cols="3">x</Columns>\n<Badge color={c}>x</Badge>\n'), []);
  assert.deepEqual(findings('<Card title="A" icon="nonesuch" />\n'), [], 'icon names are the icon check\'s');
  // Issue 48: a style is one of the table's whatever the library; `solod` was flagged by nothing.
  assert.deepEqual(findings('<Card title="A" icon="rocket" iconType="solod" />\n'), ['invalid-prop-value solod (solid)']);
  assert.deepEqual(findings('<Card title="A" icon="rocket" iconType="solid" />\n<Note iconType="duotone">x</Note>\n'), []);
});

test('missing-prop: a required prop left out, unless a spread may give it', () => {
  assert.deepEqual(findings('<Tabs>\n<Tab>x</Tab>\n</Tabs>\n'), ['missing-prop Tab']);
  assert.deepEqual(findings('<Icon />\n'), ['missing-prop Icon']);
  assert.deepEqual(findings('<Tabs>\n<Tab title="A">x</Tab>\n<Tab {...props}>y</Tab>\n</Tabs>\n<Accordion title="A">x</Accordion>\n'), []);
});

test('issue 45: props and names the platform documents or keeps, beyond the package\'s types, are accepted', () => {
  // Documented in mintlify/docs (components/cards.mdx, tree.mdx, tabs.mdx, snippets/icons-required.mdx).
  assert.deepEqual(findings('<Card title="A" type="warning">x</Card>\n'), []);
  assert.deepEqual(findings('<Tree>\n<Tree.Folder name="src" highlight>\n<Tree.File name="a.ts" highlight />\n</Tree.Folder>\n</Tree>\n'), []);
  assert.deepEqual(findings('<Tabs sync={false}>\n<Tab title="A">x</Tab>\n</Tabs>\n<Icon src="/icons/logo.svg" />\n'), []);
  // Kept by the platform's MDX pipeline (@mintlify/common's allowlist), and <Example> renamed to <Frame>.
  assert.deepEqual(findings('<ApiPlayground />\n<ZoomImage><img src="a.png" alt="a" /></ZoomImage>\n<OptimizedVideo src="a.mp4" />\n<Variation>x</Variation>\n'), []);
  assert.deepEqual(findings('<Example caption="A chart"><img src="a.png" alt="a" /></Example>\n'), []);
  // Their quiet twins' loud siblings: a prop neither source has is still flagged, and so is a name neither keeps.
  assert.deepEqual(findings('<Card title="A" kind="warning">x</Card>\n<Tree.File name="a.ts" hilight />\n'), ['unknown-prop kind', 'unknown-prop hilight (highlight)']);
  assert.deepEqual(findings('<Example2 />\n<Icon />\n'), ['unknown-component Example2 (Example)', 'missing-prop Icon']);
});

test('issue 45: a <Step> whose body says it needs no title; an empty untitled step is flagged', () => {
  assert.deepEqual(findings('<Steps>\n<Step>\n### 1. Install the SDK\n```sh\nnpm i x\n```\n</Step>\n<Step>Run it.</Step>\n</Steps>\n'), []);
  assert.deepEqual(findings('<Steps>\n<Step>\n</Step>\n<Step />\n<Step title="A">x</Step>\n</Steps>\n'), ['missing-prop Step', 'missing-prop Step']);
  const file = makeSourceFile('/site/page.mdx', '<Step />\n');
  assert.match(checkComponents(() => file, scanComponentTags('<Step />\n'))[0].message, /without it or a body the step shows only its number/);
  // Other required props are not stood in for by a body: a tab without a title has an empty tab button.
  assert.deepEqual(findings('<Tabs>\n<Tab>x</Tab>\n</Tabs>\n'), ['missing-prop Tab']);
});

test('scan: linear on hostile shapes (an unclosed tag, many tags) and capped', () => {
  const many = '<Card title="A" />\n'.repeat(30_000);
  const { tags } = scanComponentTags(many);
  assert.equal(tags.length, 20_000);
  assert.equal(scanComponentTags(`<Card ${'a '.repeat(200_000)}`).tags[0].attributes.length, 200_000);
});
