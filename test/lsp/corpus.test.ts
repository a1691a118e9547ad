// Real sites through the real protocol: the server agrees with the checker, and every feature answers.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkDocs, DocsWorkspace, nodePathAt, valueOf } from '../../server/src/checker';
import type { NavigationTreeNode } from '../../server/src/protocol';
import { materializeFixture, NO_CORPUS } from '../helpers/corpus';
import { withServer } from './helpers/fixtures';
import { uriOf } from './helpers/lsp-client';

/** The navigation's rows, and the Redirects row (the "Not in navigation", "Other files" and "API reference" rows are neither). */
function partition(nodes: NavigationTreeNode[]): [NavigationTreeNode[], NavigationTreeNode | undefined] {
  return [nodes.filter((n) => n.kind !== 'redirects' && n.kind !== 'orphans' && n.kind !== 'others' && n.kind !== 'specs'), nodes.find((n) => n.kind === 'redirects')];
}

function count(nodes: NavigationTreeNode[], pick: (n: NavigationTreeNode) => number): number {
  return nodes.reduce((sum, n) => sum + pick(n) + count(n.children, pick), 0);
}

for (const fixture of ['meilisearch__documentation', 'polarsource__polar', 'browserbase__stagehand']) {
  test(`corpus ${fixture}: diagnostics, outline and tree match the checker's findings`, { skip: NO_CORPUS }, async () => {
    const root = materializeFixture(fixture);
    const docs = path.join(root, 'docs.json');
    const expected = checkDocs(new DocsWorkspace(root));
    await withServer(root, async (client) => {
      await client.open(docs);
      await client.currentDiagnostics(docs);
      const files = new Set(expected.diagnostics.map((d) => d.file.path));
      // The server reads specs off the main thread: findings that need a spec's generated pages (redirect
      // destinations) come with the check after the read.
      for (const file of files) {
        const inFile = expected.diagnostics.filter((d) => d.file.path === file).length;
        await client.diagnosticsOf(file, (d) => d.length === inFile);
      }

      const [tree, redirects] = partition(await client.navigationTree(docs));
      // Settings outside `navigation` and `redirects` (logo, navbar, ...) belong to no row of the navigation: they are
      // under "Other files" (docs-view-counts.test.ts).
      const problemsUnder = (key: string) =>
        expected.diagnostics.filter((d) => (d.severity === 'error' || d.severity === 'warning') && nodePathAt(expected.model.root, d.file.path, d.offset + Math.floor(d.length / 2))[1]?.key === key).length;
      assert.equal(count(tree, (n) => n.problems), problemsUnder('navigation'), 'every error and warning of the navigation belongs to one element');
      assert.equal(count(tree, () => 1), expected.model.elements.length - 1, 'every element but the root is in the tree');
      const list = valueOf(expected.model.root, 'redirects');
      assert.equal(redirects?.children.length ?? 0, list?.type === 'array' ? list.items.length : 0, 'one row per redirect');
      assert.equal(redirects?.problems ?? 0, problemsUnder('redirects'), 'the Redirects row counts every problem of the redirects');
      assert.equal(count(redirects?.children ?? [], (n) => n.problems), problemsUnder('redirects'), 'each belongs to one redirect');

      for (const source of expected.model.sources) {
        const symbols = await client.symbols(source.path);
        assert.ok(symbols, `symbols for ${path.relative(root, source.path)}`);
      }
      const links = (await client.links(docs)) ?? [];
      for (const link of links) assert.ok(link.target!.startsWith(uriOf(root)), link.target);
    });
  });
}
