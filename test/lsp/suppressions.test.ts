// The editor shows every finding, those docs-json-suppressions.json suppresses marked in their message (issue 33):
// a file and rule with more findings than its count shows them all unmarked, as the CLI fails on them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { docsFolder, messageOf, withServer } from './helpers/fixtures';

test('suppressed findings: shown with their severity and "(suppressed in docs-json-suppressions.json)"; beyond the count, unmarked', async () => {
  const { root, file } = docsFolder({
    'docs.json': { navigation: { pages: ['a', 'b', 'gone'] } },
    'a.mdx': '[x](/nowhere)\n',
    'b.mdx': '[y](/none) [z](/nothing)\n',
    'docs-json-suppressions.json': { 'a.mdx': { 'broken-link': { count: 1 } }, 'b.mdx': { 'broken-link': { count: 1 } }, 'docs.json': { 'missing-page': { count: 1 } } },
  });
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    const docsJson = await client.diagnosticsOf(file('docs.json'), (d) => d.length > 0);
    assert.deepEqual(docsJson.map((d) => [d.code, d.severity, / \(suppressed in docs-json-suppressions\.json\)$/.test(messageOf(d))]), [['missing-page', 1, true]]);
    const a = await client.diagnosticsOf(file('a.mdx'), (d) => d.length > 0);
    assert.deepEqual(a.map((d) => [d.code, d.severity, messageOf(d).endsWith('(suppressed in docs-json-suppressions.json)')]), [['broken-link', 1, true]]);
    const b = await client.diagnosticsOf(file('b.mdx'), (d) => d.length > 0);
    assert.deepEqual(b.map((d) => [d.code, messageOf(d).includes('suppressed')]), [['broken-link', false], ['broken-link', false]]);
  });
});
