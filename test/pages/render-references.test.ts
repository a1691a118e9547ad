// render-references (issue 49, "will it render"): an expression or JSX attribute value reading a name nothing
// defines (a ReferenceError when the page renders), and built-in components given children they never render, as
// @mintlify/components' renderer shows offline. Each with its quiet twin.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { createRequire } from 'node:module';
import { makeSourceFile } from '../../server/src/checker';
import { componentTable } from '../../server/src/checker/pages/built-in-components';
import { scanComponentTags } from '../../server/src/checker/pages/component-tags';
import { MAX_FREE_NAMES } from '../../server/src/checker/pages/free-names';
import { mdxVerdict } from '../../server/src/checker/pages/mdx-parse';
import { MAX_MDX_PARSE } from '../../server/src/checker/pages/mdx-skipped';
import { checkIgnoredChildren, checkUndefinedNames, IGNORES_CHILDREN } from '../../server/src/checker/rules/render-references/rule';

/** The findings of a text's free names, as the MDX worker's verdict gives them (`checked`: the text the rule sees). */
function undefinedNames(text: string, checked = text): string[] {
  const verdict = mdxVerdict(text);
  if (verdict.error) return [];
  const file = makeSourceFile('/site/page.mdx', checked);
  return checkUndefinedNames(() => file, checked, verdict.names ?? []).map((d) => `${text.slice(d.offset, d.offset + d.length)}@${file.lines.positionAt(d.offset).line + 1}`);
}

function ignored(text: string): string[] {
  const file = makeSourceFile('/site/page.mdx', text);
  return checkIgnoredChildren(() => file, text, scanComponentTags(text)).map((d) => text.slice(d.offset, d.offset + d.length));
}

test('an expression or attribute reading an undefined name is flagged at the name, once per name', () => {
  const text = ['---', 'title: x', '---', '', 'Version {version}, again {version}.', '', '<Card title={cardTitle} href="/a">', '  Text', '</Card>', '', '| a | {x} |', '|---|---|', '| 1 | 2 |', ''].join('\n');
  assert.deepEqual(undefinedNames(text), ['version@5', 'cardTitle@7', 'x@11']);
  assert.deepEqual(undefinedNames('A story about {{topic}}.\n'), ['topic@1'], 'a template placeholder is an object literal reading `topic`');
  assert.deepEqual(undefinedNames('Call {fetchIt()} and {obj.key}\n\n<Tabs {...rest} />\n'), ['fetchIt@1', 'obj@1', 'rest@3']);
});

test('quiet twin: names the page exports, imports or binds, the platform gives, and what is not a read', () => {
  const text = [
    '---',
    'title: x',
    '---',
    "import { Banner } from '/snippets/banner.jsx';",
    "import Note, * as All from '/snippets/note.mdx';",
    '',
    "export const version = '2.4';",
    'export function Counter() { const [n, setN] = useState(0); return <button onClick={() => setN(n + 1)}>{n}</button>; }',
    '',
    '{version} {Banner} {All.x} {Note}',
    "{['a', 'b'].map((item, i) => <span key={i}>{item}</span>)}",
    '{(() => { try { return JSON.parse("1"); } catch (err) { return String(err); } })()}',
    '{typeof maybe === "undefined" ? Math.max(1, 2) : window.location.href}',
    '{config.name} {pageMetadata.title} {props.x} {user.name} {React.version} {new Date().getFullYear()}',
    '{ {a: 1}.a } {/* a comment */}',
    '',
    '<Card title={`v${version}`} icon={Banner ? "star" : "x"} />',
    '',
    '## Heading {#custom-id}',
    '',
    '`{inCode}` and',
    '',
    '```js',
    'const x = {notRead};',
    '```',
    '',
  ].join('\n');
  assert.deepEqual(undefinedNames(text), []);
});

test('quiet twin: a page that does not parse, and one without braces, give nothing', () => {
  assert.deepEqual(undefinedNames('Broken {a b}\n'), []);
  assert.deepEqual(undefinedNames('No expressions at all.\n'), []);
});

test('quiet twin: braces only in code spans and fenced code, and a page past the parse limit, are not read for names', () => {
  assert.deepEqual(undefinedNames('Use `{id}` and ``{a}`` here.\n\n```\n{x}\n```\n'), []);
  assert.deepEqual(undefinedNames(`{tooLong}\n\n${'word '.repeat(MAX_MDX_PARSE / 5)}\n`), []);
});

test('names kept from an earlier text (its parse deferred) are reported only where the text still reads them', () => {
  const before = 'Intro.\n\nVersion {version} and {other}.\n';
  assert.deepEqual(undefinedNames(before), ['version@3', 'other@3']);
  // `version` renamed while typing (`versions`), `other` fixed into code: neither is reported from the old parse.
  assert.deepEqual(undefinedNames(before, 'Intro.\n\nVersion {versions} and `{other}`.\n'), []);
  // A line added above: the old positions read other text, so nothing until the new parse.
  assert.deepEqual(undefinedNames(before, 'New line.\nIntro.\n\nVersion {version} and {other}.\n'), []);
  // The same names where they were: still reported.
  assert.deepEqual(undefinedNames(before, 'Intro.\n\nVersion {version} and {other}. More.\n'), ['version@3', 'other@3']);
});

test('a hostile page stays bounded: 5,000 expressions of undefined names give at most the findings cap', () => {
  const text = Array.from({ length: 5_000 }, (_, i) => `{name${i}}`).join(' ') + '\n';
  assert.equal(mdxVerdict(text).names?.length, MAX_FREE_NAMES, 'the verdict keeps at most MAX_FREE_NAMES names');
  const found = undefinedNames(text);
  assert.ok(found.length <= 1_000, `${found.length} findings`);
  assert.equal(found[0], 'name0@1');
});

test('children given to Icon, Tree.File or Color.Item are flagged; self-closed, empty and other components are not', () => {
  const text = '<Icon icon="star">Starred</Icon>\n\n<Tree.File name="a.ts">\n  <Tree.File name="b.ts" />\n</Tree.File>\n\n<Icon icon="x" />\n\n<Icon icon="y"></Icon>\n\n<Card title="t">Body</Card>\n';
  assert.deepEqual(ignored(text), ['Icon', 'Tree.File']);
  assert.deepEqual(ignored("import { Icon } from '/snippets/icon.jsx';\n\n<Icon>Own</Icon>\n"), [], "the page's own Icon");
});

test("the renderer drops the children of each listed component, and renders those of the others it is compared with", async () => {
  // React and react-dom come with @mintlify/components (its peers); untyped here, read through require.
  const load = createRequire(__filename);
  const { createElement } = load('react') as { createElement: (type: unknown, props: unknown, child: string) => unknown };
  const { renderToStaticMarkup } = load('react-dom/server') as { renderToStaticMarkup: (element: unknown) => string };
  const components = (await import('@mintlify/components')) as unknown as Record<string, unknown>;
  const props: Record<string, Record<string, string>> = { Icon: { icon: 'star' }, 'Tree.File': { name: 'a' }, 'Color.Item': { name: 'a', value: '#ffffff' }, Card: { title: 'x' }, Tooltip: { tip: 'x' } };
  const rendersChild = (name: string) => {
    const component = name.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], components);
    assert.ok(component, `${name} is in @mintlify/components`);
    return renderToStaticMarkup(createElement(component, props[name], 'CHILD-MARKER')).includes('CHILD-MARKER');
  };
  for (const name of IGNORES_CHILDREN) assert.equal(rendersChild(name), false, `${name} drops its children`);
  for (const name of ['Card', 'Tooltip']) assert.equal(rendersChild(name), true, `${name} renders its children`);
  // Every listed one is a built-in the table knows without a `children` prop.
  for (const name of IGNORES_CHILDREN) assert.ok(componentTable()[name] && !('children' in componentTable()[name].props), name);
});
