// The real server over stdio reads a large spec in its worker: the first check publishes no endpoint findings
// (none can be judged yet), the check once it is read does, and hover and definition then use it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as path from 'node:path';
import { tempRepo } from '../helpers/temp-repo';
import { codes, withServer } from './helpers/fixtures';
import { rangeOfText } from './helpers/lsp-client';

test('a 4 MB YAML spec is read in the worker: nothing judged while it loads, then the endpoints are checked', { timeout: 60_000 }, async () => {
  const lines = ['openapi: 3.1.0', 'paths:'];
  for (let i = 0; i < 100_000; i++) lines.push(`  /items${i}:`, '    get:', `      summary: Item ${i}`);
  const spec = lines.join('\n') + '\n';
  // tempRepo: removed when the tests end.
  const root = tempRepo({
    'docs.json': { navigation: { groups: [{ group: 'API', openapi: 'api.yaml', pages: ['GET /items99999', 'GET /nope'] }] } },
    'api.yaml': spec,
  });
  const docs = path.join(root, 'docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    const first = await client.diagnosticsOf(docs);
    assert.deepEqual(codes(first).filter((c) => /endpoint|openapi/.test(c)), [], 'published while the spec loads');
    const checked = await client.diagnosticsOf(docs, (d) => d.some((x) => x.code === 'unknown-endpoint'));
    assert.deepEqual(codes(checked).filter((c) => /endpoint|openapi/.test(c)), ['unknown-endpoint']);
    const position = rangeOfText(client.text(docs), 'GET /items99999').start;
    const hover = await client.hover(docs, position);
    assert.match(JSON.stringify(hover?.contents), /Item 99999/);
    const definition = await client.definition(docs, position);
    assert.deepEqual(definition?.[0].range.start, { line: 2 + 3 * 99_999 + 1, character: 4 });
  });
});
