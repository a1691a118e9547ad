// The real server over stdio: the Docs view's top rows add up to the errors and warnings it publishes for the
// folder. Findings no navigation row, redirect or orphan row holds (a snippet's, a spec's, a `$ref` file's) are
// under "Other files", one row per file.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver-protocol';
import type { NavigationTreeNode } from '../../server/src/protocol';
import { usersSpec } from '../helpers/openapi-specs';
import { docsFolder, withServer } from './helpers/fixtures';
import { LspTestClient, uriOf } from './helpers/lsp-client';

const FILES = {
  'docs.json': {
    theme: 'mint',
    name: 'Test',
    colors: { $ref: 'colors.json' },
    navigation: { groups: [{ group: 'Start', pages: ['intro'] }, { group: 'API', openapi: 'api/openapi.yaml', pages: ['GET /users'] }] },
  },
  // A colour without '#', in the `$ref` file that holds the colours.
  'colors.json': { primary: '0B7D62' },
  // A broken link (an error) and an image without alt text (a warning) on a page of the navigation.
  'intro.mdx': '---\ntitle: Intro\n---\n\n[x](/nowhere)\n\n![](/logo.png)\n\n<Snippet file="broken.mdx" />\n',
  'logo.png': '',
  'snippets/broken.mdx': '[y](/missing-from-snippet)\n',
  'lost.mdx': '# Lost\n\n[z](/also-missing)\n',
  'api/openapi.yaml': usersSpec('descriptio: OK'),
};

/** Errors and warnings published for files under `root`. */
function published(client: LspTestClient, root: string): { errors: number; warnings: number } {
  const total = { errors: 0, warnings: 0 };
  for (const [uri, params] of client.diagnostics) {
    if (!uri.startsWith(`${uriOf(root)}/`)) continue;
    for (const d of params.diagnostics) {
      if (d.severity === DiagnosticSeverity.Error) total.errors++;
      else if (d.severity === DiagnosticSeverity.Warning) total.warnings++;
    }
  }
  return total;
}

function rowsOf(tree: NavigationTreeNode[]): [string, number, number][] {
  return tree.map((n) => [n.label, n.errors, n.warnings]);
}

function sum(tree: NavigationTreeNode[]): { errors: number; warnings: number } {
  return { errors: tree.reduce((s, n) => s + n.errors, 0), warnings: tree.reduce((s, n) => s + n.warnings, 0) };
}

test('Docs view: the top rows add up to the published errors and warnings; "Other files" holds the snippet, the spec and the $ref file', { timeout: 60_000 }, async () => {
  const { root, file } = docsFolder(FILES);
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    // Each file's findings: the spec's come after its worker read it, the pages' after the pass over every page.
    const expected: [string, number][] = [['api/openapi.yaml', 1], ['colors.json', 1], ['intro.mdx', 2], ['snippets/broken.mdx', 1], ['lost.mdx', 1]];
    for (const [relative, count] of expected) await client.diagnosticsOf(file(relative), (d) => d.filter((x) => x.severity! <= DiagnosticSeverity.Warning).length === count);
    const tree = await client.navigationTree(docs);
    assert.deepEqual(rowsOf(tree), [
      ['Start', 1, 1],
      ['API', 0, 0],
      ['Not in navigation', 1, 0],
      ['Other files', 3, 0],
      ['OpenAPI specs', 0, 0],
    ]);
    assert.deepEqual(sum(tree), published(client, root), 'the top rows add up to what the server published');
    assert.deepEqual({ errors: 4 + 1, warnings: 1 }, published(client, root));

    const others = tree[3];
    assert.equal(others.kind, 'others');
    assert.deepEqual(
      others.children.map((n) => [n.kind, n.label, n.errors, n.warnings, n.target?.uri]),
      ['api/openapi.yaml', 'colors.json', 'snippets/broken.mdx'].map((relative) => ['other', relative, 1, 0, uriOf(file(relative))]),
    );
    // The view follows the editor there too: a snippet's row is under "Other files".
    assert.deepEqual(await client.request('docsJson/navigationPath', { uri: uriOf(docs), page: uriOf(file('snippets/broken.mdx')) }), [3, 2]);

    // The snippet fixed in the editor: its row goes, and the rows still add up.
    const snippet = file('snippets/broken.mdx');
    const before = client.navigationChanges.length;
    await client.open(snippet, '[y](/intro)\n', 'mdx');
    await client.diagnosticsOf(snippet, (d) => d.length === 0);
    await client.waitFor('navigationChanged after the fix', () => client.navigationChanges.length > before);
    const after = await client.navigationTree(docs);
    assert.deepEqual(after[3].children.map((n) => n.label), ['api/openapi.yaml', 'colors.json']);
    assert.deepEqual(sum(after), published(client, root));
    assert.deepEqual(client.errors, []);
  });
});

// A page listed in two products (a shared "Authentication" page): the Problems panel lists its broken link once, so
// the top rows count it once, under the first product; each of its rows says where else it is (issue 48).
test('Docs view: a page listed in two products counts once in the top rows, and each of its rows names the other product', { timeout: 60_000 }, async () => {
  const { root, file } = docsFolder({
    'docs.json': {
      theme: 'mint',
      name: 'Test',
      colors: { primary: '#0B7D62' },
      navigation: {
        products: [
          { product: 'Cloud', groups: [{ group: 'Start', pages: ['cloud/intro', 'shared/auth'] }] },
          { product: 'Self-hosted', groups: [{ group: 'Start', pages: ['self/intro', 'shared/auth'] }] },
        ],
      },
    },
    'cloud/intro.mdx': '---\ntitle: Cloud\n---\n\n[x](/cloud/nowhere)\n',
    'self/intro.mdx': '---\ntitle: Self-hosted\n---\n\nFine.\n',
    'shared/auth.mdx': '---\ntitle: Authentication\n---\n\n[a](/gone-one)\n\n[b](/gone-two)\n',
  });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    await client.diagnosticsOf(file('shared/auth.mdx'), (d) => d.filter((x) => x.severity === DiagnosticSeverity.Error).length === 2);
    await client.diagnosticsOf(file('cloud/intro.mdx'), (d) => d.filter((x) => x.severity === DiagnosticSeverity.Error).length === 1);
    const tree = await client.navigationTree(docs);
    assert.deepEqual(rowsOf(tree), [
      ['Cloud', 3, 0],
      ['Self-hosted', 0, 0],
    ]);
    assert.deepEqual(sum(tree), published(client, root), 'the top rows add up to what the server published');
    assert.deepEqual(published(client, root), { errors: 3, warnings: 0 });

    const pageRow = (product: number) => tree[product].children[0].children[1];
    const first = pageRow(0);
    const second = pageRow(1);
    assert.equal(first.target?.uri, uriOf(file('shared/auth.mdx')));
    assert.equal(second.target?.uri, uriOf(file('shared/auth.mdx')));
    assert.deepEqual([first.alsoIn, first.countedUnder, first.errors], [['Self-hosted'], undefined, 2]);
    // Its row in the second product still shows the page's problems, which its product's row does not add.
    assert.deepEqual([second.alsoIn, second.countedUnder, second.errors], [['Cloud'], 'Cloud', 2]);
    assert.deepEqual([tree[1].children[0].errors, tree[1].children[0].children[0].alsoIn], [0, undefined], 'a page in one product says nothing more');
    assert.deepEqual(client.errors, []);
  });
});
