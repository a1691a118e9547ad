// Cancelled requests stop their work (issue 34: 20,000 cancelled Docs-view requests all ran, 2.7 GB): the Docs view's
// requests cancelled before their work starts are answered as cancelled; those not cancelled are answered.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { CancellationTokenSource, LSPErrorCodes, ResponseError } from 'vscode-languageserver-protocol';
import { NAVIGATION_TREE_REQUEST } from '../../server/src/protocol';
import { uriOf } from './helpers/lsp-client';
import { docsFolder, withServer } from './helpers/fixtures';

test('200 navigation tree requests cancelled as soon as sent: answered as cancelled (those whose cancel came in time), the next one answered in full', async () => {
  const { root, file } = docsFolder({ 'docs.json': { navigation: { pages: ['index'] } }, 'index.mdx': '# Home\n' });
  await withServer(root, async (client) => {
    const params = { uri: uriOf(file('docs.json')) };
    const first = await client.request<unknown[]>(NAVIGATION_TREE_REQUEST, params);
    assert.ok(first.length > 0, 'the tree');
    const answers = Array.from({ length: 200 }, () => {
      const source = new CancellationTokenSource();
      const answer = client.connection.sendRequest(NAVIGATION_TREE_REQUEST, params, source.token).then(
        () => 'answered',
        (error: unknown) => (error instanceof ResponseError && error.code === LSPErrorCodes.RequestCancelled ? 'cancelled' : String(error)),
      );
      source.cancel();
      return answer;
    });
    const outcomes = await Promise.all(answers);
    // A cancel read after the request's turn comes too late (the stream may cut between the two): most are in time.
    const cancelledCount = outcomes.filter((outcome) => outcome === 'cancelled').length;
    assert.ok(cancelledCount >= 20, `${cancelledCount} of 200 answered as cancelled`);
    assert.deepEqual(outcomes.filter((outcome) => outcome !== 'cancelled' && outcome !== 'answered'), []);
    assert.deepEqual(await client.request(NAVIGATION_TREE_REQUEST, params), first);
  });
});
