// The llms.txt preview over the protocol (issue 50): the real server on stdio answers `docsJson/llmsTxt` with the
// text `docs-json llms-txt` prints, from the texts the editor holds (a typed description, unsaved); null for an unknown docs.json.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LLMS_TXT_REQUEST, LlmsTxtAnswer } from '../../server/src/protocol';
import { docsFolder, withServer } from './helpers/fixtures';
import { uriOf } from './helpers/lsp-client';

test('docsJson/llmsTxt: the predicted file and its notes; a custom llms.txt reported with its problems; null for no folder', async () => {
  const { root, file } = docsFolder({
    'docs.json': { name: 'Acme', navigation: { pages: ['a', 'hidden'] } },
    'a.mdx': '---\ntitle: A\ndescription: On disk\n---\n',
    'hidden.mdx': '---\ntitle: H\nhidden: true\n---\n',
  });
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    const answer = await client.request<LlmsTxtAnswer>(LLMS_TXT_REQUEST, { uri: uriOf(file('docs.json')) });
    assert.equal(answer.text, '# Acme\n\n## Docs\n\n- [A](/a.md): On disk\n');
    assert.deepEqual(answer.notes, ["1 left out, `hidden: true` in front matter: 'hidden'"]);
    assert.equal(answer.custom, undefined);
    assert.equal(await client.request(LLMS_TXT_REQUEST, { uri: uriOf(file('nowhere/docs.json')) }), null);
    assert.equal(await client.request(LLMS_TXT_REQUEST, { uri: 42 }), null);
  });
});
