// Issue 45: the component table's two sources, @mintlify/components' types and the platform's docs (extracted into
// scripts/platform-components/docs-components.json), agree, or each difference is recorded with why in
// recorded.json; the extraction reads what the docs write; the table says where each name and prop comes from.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { COMPONENT_TABLE } from '../../server/src/checker/pages/component-table';
import { tempDir } from '../helpers/temp-dir';

const ROOT = path.resolve(__dirname, '../..');
const load = (file: string) => import(pathToFileURL(path.join(ROOT, 'scripts', file)).href);

test('component sources: every difference between the package and the docs is recorded, and no record is stale', async () => {
  const { unexplainedDifferences } = await load('component-table.mjs');
  assert.deepEqual(unexplainedDifferences(), [], 'record each in scripts/platform-components/recorded.json `differences` (or drop the stale entry)');
});

test('component sources: an unrecorded difference is reported, and a record without its difference is stale', async () => {
  const { unexplainedDifferences } = await load('component-table.mjs');
  const differences = { 'package only': ['Badge.iconLibrary', 'Badge.sparkle'], 'docs only': ['Card.type', 'Card.glow', 'Newcomer'] };
  const reported = unexplainedDifferences(differences);
  for (const expected of ['package only: Badge.sparkle', 'docs only: Card.glow', 'docs only: Newcomer', 'docs only: Tree.File.highlight (stale: no such difference)']) {
    assert.ok(reported.includes(expected), `${expected} in ${reported.join('; ')}`);
  }
  assert.ok(!reported.some((line: string) => line.includes('Badge.iconLibrary') || line === 'docs only: Card.type'), 'matched by `*.iconLibrary` and `Card.type`');
});

test('component sources: what recorded.json adds is given by neither the package nor the docs', async () => {
  const { DOCS, RECORDED, packageComponents } = await load('component-table.mjs');
  const fromPackage: Record<string, Record<string, unknown> | undefined> = packageComponents();
  const given = (name: string, prop?: string) =>
    prop === undefined ? name in fromPackage || name in DOCS.components : Boolean(fromPackage[name]?.[prop] || DOCS.components[name]?.props[prop]);
  const stale = [
    ...RECORDED.platformNames.names.filter((name: string) => given(name)),
    ...Object.entries(RECORDED.mdxProps.props).flatMap(([name, props]) => Object.keys(props as object).filter((prop) => given(name, prop)).map((prop) => `${name}.${prop}`)),
    ...Object.entries(RECORDED.platformProps).flatMap(([name, { props }]: [string, any]) => Object.keys(props).filter((prop) => given(name, prop)).map((prop) => `${name}.${prop}`)),
  ];
  assert.deepEqual(stale, []);
});

test('component table: each name and prop says where it comes from', () => {
  assert.equal(COMPONENT_TABLE.Card.source, 'both');
  assert.equal(COMPONENT_TABLE.Card.props.title.source, 'both');
  assert.equal(COMPONENT_TABLE.Card.props.type.source, 'docs');
  assert.equal(COMPONENT_TABLE.Card.props.iconLibrary.source, 'package');
  assert.equal(COMPONENT_TABLE.Card.props.cols.source, 'platform');
  assert.equal(COMPONENT_TABLE['Tree.File'].props.highlight.source, 'docs');
  assert.equal(COMPONENT_TABLE.Mermaid.source, 'package');
  assert.equal(COMPONENT_TABLE.ParamField.source, 'docs');
  assert.equal(COMPONENT_TABLE.ApiPlayground.source, 'platform');
  assert.equal(COMPONENT_TABLE.Example.deprecated, 'Frame');
  for (const [name, spec] of Object.entries(COMPONENT_TABLE)) {
    assert.ok(spec.source, `${name} has a source`);
    for (const [prop, propSpec] of Object.entries(spec.props)) assert.ok(propSpec.source, `${name}.${prop} has a source`);
  }
});

test('docs extraction: names from fenced examples, top-level props under a properties heading, imported snippets, per-heading components', async () => {
  const { extractDocsComponents } = await load('extract-docs-components.mjs');
  const root = tempDir('docs-extract');
  fs.mkdirSync(path.join(root, 'components'), { recursive: true });
  fs.mkdirSync(path.join(root, 'snippets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'snippets/icons.mdx'), '<ResponseField name="icon" type="string">\n  The icon.\n</ResponseField>\n');
  fs.writeFileSync(
    path.join(root, 'components/widgets.mdx'),
    [
      'import Icons from "/snippets/icons.mdx";',
      '',
      '<ResponseField name="example" type="string">an example before the properties, not a prop</ResponseField>',
      '',
      '```mdx',
      '<Widget size="2">',
      '  <Widget.Part />',
      '</Widget>',
      '<ResponseField name="inFence" type="string" />',
      '```',
      '',
      '## Properties',
      '',
      '<ResponseField name="size" type="number" required>',
      '  <ResponseField name="nested" type="string">a field of an object prop</ResponseField>',
      '</ResponseField>',
      '<ResponseField name="children" type="ReactElement<PartProps>[]">',
      '</ResponseField>',
      '',
      '<Icons />',
      '',
      '### Widget.Part',
      '',
      '<ParamField body="query, path, or header" type="string">where</ParamField>',
      '',
      '## Other',
      '',
      '<ResponseField name="after" type="string">past the properties</ResponseField>',
    ].join('\n'),
  );
  const data = extractDocsComponents(root, { 'components/widgets.mdx': ['Widget'] });
  assert.deepEqual(data.components, {
    // A name its fenced example uses; the field in the fence is no prop.
    ResponseField: { files: ['components/widgets.mdx'], props: {} },
    Widget: {
      files: ['components/widgets.mdx'],
      props: {
        children: { type: 'ReactElement<PartProps>[]', file: 'components/widgets.mdx' },
        icon: { type: 'string', file: 'snippets/icons.mdx' },
        size: { type: 'number', required: true, file: 'components/widgets.mdx' },
      },
    },
    'Widget.Part': {
      files: ['components/widgets.mdx'],
      props: {
        header: { type: 'string', file: 'components/widgets.mdx' },
        path: { type: 'string', file: 'components/widgets.mdx' },
        query: { type: 'string', file: 'components/widgets.mdx' },
      },
    },
  });
  assert.throws(() => extractDocsComponents(root, { 'components/gone.mdx': ['Gone'] }), /components\/gone\.mdx is gone from the docs/);
  assert.throws(() => extractDocsComponents(path.join(root, 'snippets')), /neither a checkout with components\/ nor a git directory/);
});

test('docs extraction: the committed data names its source commit and every entry its file', () => {
  const data = JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts/platform-components/docs-components.json'), 'utf8'));
  assert.match(data.commit, /^[0-9a-f]{40}$/);
  for (const [name, spec] of Object.entries<any>(data.components)) {
    assert.ok(spec.files.length > 0 && spec.files.every((f: string) => f.startsWith('components/')), name);
    for (const [prop, p] of Object.entries<any>(spec.props)) assert.match(p.file, /^(components|snippets)\/[\w-]+\.mdx$/, `${name}.${prop}`);
  }
  assert.equal(data.components.Card.props.type.file, 'components/cards.mdx');
  assert.equal(data.components['Tree.File'].props.highlight.file, 'components/tree.mdx');
});
