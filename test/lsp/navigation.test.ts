import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DocumentSymbol, MarkupContent } from 'vscode-languageserver-protocol';
import { MAX_PAGE_ROWS, MAX_TREE_PATH, NavigationTreeNode, PageRow } from '../../server/src/protocol';
import { REQUIRED_SETTINGS_TEXT } from '../helpers/docs-repo';
import { docsFolder, ORDERS_JSON, USERS_YAML, withServer } from './helpers/fixtures';
import { positionOf, uriOf } from './helpers/lsp-client';

const DOCS_JSON = `{
  "navigation": {
    "tabs": [
      {
        "tab": "Guides",
        "groups": [
          { "group": "Start", "expanded": false, "pages": ["intro", "guides/setup", "gone"] }
        ]
      },
      {
        "tab": "API",
        "openapi": "api/users.yaml",
        "groups": [
          { "group": "Users", "pages": ["GET /users/{id}", "POST /users"] },
          { "group": "Orders", "openapi": "api/orders.json", "pages": ["DELETE /orders/{id}", "GET /nothing"] }
        ]
      },
      { "$ref": "./tabs/changelog.json" }
    ]
  }${REQUIRED_SETTINGS_TEXT}
}`;

const FILES = {
  'docs.json': DOCS_JSON,
  'intro.mdx': '---\ntitle: Introduction\ndescription: What the product does, in one page.\n---\n\n# Hello\n',
  'guides/setup.mdx': '# No front matter\n',
  'api/users.yaml': USERS_YAML,
  'api/orders.json': ORDERS_JSON,
  'tabs/changelog.json': JSON.stringify({ tab: 'Changelog', pages: ['changelog/2026'] }, null, 2),
  'changelog/2026.mdx': '---\ntitle: "2026"\n---\n',
};

function markdown(contents: unknown): string {
  return (contents as MarkupContent).value;
}

test('hover: a page shows its front matter, an endpoint its operation, a key its schema description', async () => {
  const { root, file } = docsFolder(FILES);
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    const page = await client.hover(docs, positionOf(DOCS_JSON, '"intro"', 3));
    assert.match(markdown(page!.contents), /\*\*Introduction\*\*/);
    assert.match(markdown(page!.contents), /What the product does, in one page\./);
    assert.match(markdown(page!.contents), /intro\.mdx/);
    assert.deepEqual(page!.range, { start: positionOf(DOCS_JSON, '"intro"'), end: positionOf(DOCS_JSON, '"intro"', 7) });

    const bare = await client.hover(docs, positionOf(DOCS_JSON, '"guides/setup"', 3));
    assert.match(markdown(bare!.contents), /\*\*guides\/setup\*\*/);

    const endpoint = await client.hover(docs, positionOf(DOCS_JSON, '"GET /users/{id}"', 5));
    const text = markdown(endpoint!.contents);
    assert.match(text, /\*\*GET\*\* `\/users\/\{id\}`/);
    assert.match(text, /Get a user/);
    assert.match(text, /operationId: `getUser`/);

    const key = await client.hover(docs, positionOf(DOCS_JSON, '"expanded"', 3));
    assert.match(markdown(key!.contents), /`expanded` \(group\)/);
    assert.match(markdown(key!.contents), /expands a nested group by default/);
  });
});

test('definition: page → its file; endpoint → the operation in a YAML or JSON spec; openapi and $ref → the file', async () => {
  const { root, file } = docsFolder(FILES);
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    const at = (needle: string, delta = 2) => client.definition(docs, positionOf(DOCS_JSON, needle, delta));

    assert.deepEqual((await at('"intro"'))!.map((l) => l.uri), [uriOf(file('intro.mdx'))]);

    const yamlOp = (await at('"GET /users/{id}"'))![0];
    assert.equal(yamlOp.uri, uriOf(file('api/users.yaml')));
    assert.equal(USERS_YAML.split('\n')[yamlOp.range.start.line], '    get:');
    assert.equal(USERS_YAML.split('\n')[yamlOp.range.start.line - 1], '  /users/{id}:');

    const jsonOp = (await at('"DELETE /orders/{id}"'))![0];
    assert.equal(jsonOp.uri, uriOf(file('api/orders.json')));
    assert.match(ORDERS_JSON.split('\n')[jsonOp.range.start.line], /"delete": \{/);

    assert.deepEqual((await at('"api/users.yaml"'))!.map((l) => l.uri), [uriOf(file('api/users.yaml'))]);
    assert.deepEqual((await at('"./tabs/changelog.json"'))!.map((l) => l.uri), [uriOf(file('tabs/changelog.json'))]);
    assert.deepEqual(await at('"gone"'), [], 'a missing page leads nowhere');
    assert.deepEqual(await at('"GET /nothing"'), [], 'an unknown endpoint leads nowhere');
    assert.deepEqual(await at('"tab": "Guides"', 9), [], 'a label is not a link');

    const links = await client.links(docs);
    const targets = links!.map((l) => l.target!.replace(/#.*/, '').replace(uriOf(root), ''));
    assert.deepEqual(targets.sort(), ['/api/orders.json', '/api/orders.json', '/api/users.yaml', '/api/users.yaml', '/api/users.yaml', '/guides/setup.mdx', '/intro.mdx', '/tabs/changelog.json']);
    const toGetUser = links!.find((l) => l.range.start.line === positionOf(DOCS_JSON, '"GET /users/{id}"').line)!;
    assert.equal(toGetUser.target, `${uriOf(file('api/users.yaml'))}#L${yamlOp.range.start.line + 1},5`);

    // In the $ref file, its own entries link.
    const refLinks = await client.links(file('tabs/changelog.json'));
    assert.deepEqual(refLinks!.map((l) => l.target), [uriOf(file('changelog/2026.mdx'))]);
  });
});

test('symbols: the outline holds the navigation tree; a $ref file shows its own part', async () => {
  const { root, file } = docsFolder(FILES);
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    const outline = (symbols: DocumentSymbol[]): unknown => symbols.map((s) => (s.children?.length ? { [`${s.detail}:${s.name}`]: outline(s.children) } : `${s.detail}:${s.name}`));
    const [navigation] = (await client.symbols(docs))!;
    assert.equal(navigation.name, 'navigation');
    assert.deepEqual(outline(navigation.children!), [
      { 'tab:Guides': [{ 'group:Start': ['page:intro', 'page:guides/setup', 'page:gone'] }] },
      {
        'tab:API': [
          { 'group:Users': ['endpoint:GET /users/{id}', 'endpoint:POST /users'] },
          { 'group:Orders': ['endpoint:DELETE /orders/{id}', 'endpoint:GET /nothing'] },
        ],
      },
    ]);
    const ref = (await client.symbols(file('tabs/changelog.json')))!;
    assert.deepEqual(outline(ref), [{ 'tab:Changelog': ['page:changelog/2026'] }]);
    const tab = ref[0];
    assert.deepEqual(tab.selectionRange.start, { line: 1, character: 9 });
  });
});

test('navigation tree: elements with ranges, targets and problem counts; a notification after each check', async () => {
  const { root, file } = docsFolder(FILES);
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    // The OpenAPI validator answers from its worker after the first check (users.yaml, an OpenAPI 3.0 spec, lacks
    // `responses`): its finding adds an "Other files" row, and a navigationChanged follows its diagnostics.
    let specCheckedAt: number | undefined;
    await client.waitFor('the spec check and the navigationChanged after it', () => {
      const spec = client.diagnostics.get(uriOf(file('api/users.yaml')))?.diagnostics ?? [];
      if (specCheckedAt === undefined && spec.some((d) => d.code === 'openapi-schema')) specCheckedAt = client.navigationChanges.length;
      return specCheckedAt !== undefined && client.navigationChanges.length > specCheckedAt;
    });
    const tree = await client.navigationTree(docs);
    const shape = (nodes: NavigationTreeNode[]): unknown =>
      nodes.map((n) => [n.kind, n.label, n.problems, ...(n.children.length ? [shape(n.children)] : [])]);
    assert.deepEqual(shape(tree), [
      ['tab', 'Guides', 0, [['group', 'Start', 0, [['page', 'intro', 0], ['page', 'guides/setup', 0], ['page', 'gone', 1]]]]],
      [
        'tab',
        'API',
        // Its `openapi` lists users.yaml's endpoints one by one and leaves GET /users out (unlisted-endpoints).
        1,
        [
          ['group', 'Users', 0, [['endpoint', 'GET /users/{id}', 0], ['endpoint', 'POST /users', 0]]],
          ['group', 'Orders', 0, [['endpoint', 'DELETE /orders/{id}', 0], ['endpoint', 'GET /nothing', 1]]],
        ],
      ],
      ['tab', 'Changelog', 0, [['page', 'changelog/2026', 0]]],
      ['others', 'Other files', 0, [['other', 'api/users.yaml', 0]]],
      [
        'specs',
        'OpenAPI specs',
        0,
        [
          ['spec', 'api/users.yaml', 0, [['operation', 'GET /users', 0], ['operation', 'POST /users', 0], ['operation', 'GET /users/{id}', 0]]],
          ['spec', 'api/orders.json', 0, [['operation', 'GET /orders', 0], ['operation', 'DELETE /orders/{id}', 0]]],
        ],
      ],
    ]);
    assert.deepEqual([tree[3].errors, tree[3].children[0].uri], [1, uriOf(file('api/users.yaml'))]);
    const intro = tree[0].children[0].children[0];
    assert.equal(intro.uri, uriOf(docs));
    assert.deepEqual(intro.range.start, positionOf(DOCS_JSON, '"intro"'));
    assert.equal(intro.target!.uri, uriOf(file('intro.mdx')));
    assert.equal(tree[0].children[0].children[2].target, undefined);
    const getUser = tree[1].children[0].children[0];
    assert.equal(getUser.target!.uri, uriOf(file('api/users.yaml')));
    assert.equal(USERS_YAML.split('\n')[getUser.target!.range!.start.line], '    get:');
    const changelog = tree[2];
    assert.equal(changelog.uri, uriOf(file('tabs/changelog.json')));
    assert.equal(changelog.children[0].target!.uri, uriOf(file('changelog/2026.mdx')));

    // After an edit the tree follows, and the client is told.
    const before = client.navigationChanges.length;
    await client.change(docs, DOCS_JSON.replace('"gone"', '"intro"'));
    await client.waitFor('another navigationChanged', () => client.navigationChanges.length > before);
    const after = await client.navigationTree(docs);
    assert.deepEqual(after[0].children[0].children.map((p) => [p.label, p.problems]), [['intro', 0], ['guides/setup', 0], ['intro', 1]]);

    assert.deepEqual(await client.navigationTree(file('nope/docs.json')), []);

    // A level at a time, as the Docs view asks; a path or depth that is not one answers nothing.
    const level = (params: unknown) => client.request<NavigationTreeNode[]>('docsJson/navigationTree', params);
    assert.deepEqual((await level({ uri: uriOf(docs), path: [0, 0], depth: 1 })).map((n) => [n.label, n.childCount, n.children.length]), [['intro', 0, 0], ['guides/setup', 0, 0], ['intro', 0, 0]]);
    for (const path of [[-1], [0.5], ['0'], [0, 99], Array(MAX_TREE_PATH + 1).fill(0), 'x', { 0: 0 }]) {
      assert.deepEqual(await level({ uri: uriOf(docs), path, depth: 1 }), [], JSON.stringify(path));
    }
    for (const depth of [0, -1, 1.5, '1', null]) assert.deepEqual(await level({ uri: uriOf(docs), depth }), depth === null ? after : [], JSON.stringify(depth));

    // The rows on screen: a page's title, and the problems of its links; bad asks get an empty row, not an error.
    const rows = (params: unknown) => client.request<PageRow[]>('docsJson/pageRows', params);
    assert.deepEqual(await rows({ uri: uriOf(docs), pages: [intro.target!.uri, uriOf(file('api/users.yaml')), 42, uriOf('/etc/passwd')] }), [
      { title: 'Introduction', problems: 0 },
      { problems: 0 },
      { problems: 0 },
      { problems: 0 },
    ]);
    const many = await rows({ uri: uriOf(docs), pages: Array.from({ length: MAX_PAGE_ROWS + 10 }, () => intro.target!.uri) });
    assert.equal(many.length, MAX_PAGE_ROWS, 'a longer list is cut');
    for (const params of [{ uri: uriOf(docs) }, { uri: uriOf(docs), pages: 'intro' }, { pages: [] }, null, { uri: uriOf(file('nope/docs.json')), pages: [intro.target!.uri] }]) {
      assert.deepEqual(await rows(params), []);
    }
    assert.deepEqual(client.errors, []);
  });
});

test('navigation path: where a page shows in the Docs view (its first entry, a group root, else "Not in navigation"); null otherwise', async () => {
  const { root, file } = docsFolder({
    'docs.json': JSON.stringify({
      navigation: { groups: [{ group: 'Start', pages: ['intro', { group: 'Deep', root: 'deep/index', pages: ['deep/a', 'intro'] }] }] },
      redirects: [{ source: '/old', destination: '/intro' }],
    }),
    'intro.mdx': '# Intro\n',
    'deep/index.mdx': '# Deep\n',
    'deep/a.mdx': '# A\n',
    'lost.mdx': '# Lost\n',
    'logo.png': '',
  });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    await client.waitFor('navigationChanged', () => client.navigationChanges.includes(uriOf(docs)));
    const pathOf = (page: unknown, uri: unknown = uriOf(docs)) => client.request<number[] | null>('docsJson/navigationPath', { uri, page });
    assert.deepEqual(await pathOf(uriOf(file('intro.mdx'))), [0, 0], 'its first entry');
    assert.deepEqual(await pathOf(uriOf(file('deep/index.mdx'))), [0, 1], "the group's root");
    assert.deepEqual(await pathOf(uriOf(file('deep/a.mdx'))), [0, 1, 0]);
    // After the navigation's one group come the redirects, then the pages no entry reaches.
    assert.deepEqual(await pathOf(uriOf(file('lost.mdx'))), [2, 0]);
    const tree = await client.navigationTree(docs);
    assert.deepEqual([tree[2].label, tree[2].children[0].target?.uri], ['Not in navigation', uriOf(file('lost.mdx'))]);
    for (const page of [uriOf(file('logo.png')), uriOf('/etc/passwd'), 42, undefined]) assert.equal(await pathOf(page), null, String(page));
    assert.equal(await pathOf(uriOf(file('intro.mdx')), uriOf(file('nope/docs.json'))), null);
    assert.deepEqual(client.errors, []);
  });
});
