// Issue 35, cause 3: links into the pages the platform generates from a remote OpenAPI spec (not fetched offline).
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { test } from 'node:test';
import { openSite } from '../language-service/helpers';

const LINKS = '[users](/api-reference/scim/list-users) [v2](/reference/v2/users/get-user) [gone](/guides/missing) [other](/api-ref/list-users)\n';

function findings(docsJson: object): { page: string[]; docs: string[] } {
  const site = openSite(JSON.stringify(docsJson), { files: { 'a.mdx': LINKS } });
  const page = (site.service.checkPages(site.project).byFile.get(path.join(site.root, 'a.mdx')) ?? []).map((d) => `${d.code} ${LINKS.slice(d.range.start.character, d.range.end.character)}`);
  const docs = (site.check()['docs.json'] ?? []).filter((d) => d.code === 'remote-openapi').map((d) => String(d.message));
  return { page, docs };
}

test('a group generated from a remote spec: links into its folder are taken as its pages, said once on the spec', () => {
  const found = findings({
    navigation: {
      groups: [
        { group: 'Guides', pages: ['a'] },
        { group: 'SCIM', openapi: 'https://api.example.com/scim.json' },
        { group: 'V2', openapi: { source: 'https://api.example.com/v2.json', directory: 'reference/v2' } },
      ],
    },
  });
  assert.deepEqual(found.page, ['broken-link /guides/missing', 'broken-link /api-ref/list-users']);
  assert.deepEqual(found.docs, [
    `Remote OpenAPI spec 'https://api.example.com/scim.json' is not fetched: its endpoints are not checked, nor are links to the pages it generates (under "/api-reference/"): any such link is taken as one`,
    `Remote OpenAPI spec 'https://api.example.com/v2.json' is not fetched: its endpoints are not checked, nor are links to the pages it generates (under "/reference/v2/"): any such link is taken as one`,
  ]);
});

test('its twin: a remote spec only in `api.openapi` generates no page, so links under /api-reference/ are still checked', () => {
  const found = findings({ api: { openapi: 'https://api.example.com/scim.json' }, navigation: { groups: [{ group: 'Guides', pages: ['a'] }] } });
  assert.deepEqual(found.page, [
    'broken-link /api-reference/scim/list-users',
    'broken-link /reference/v2/users/get-user',
    'broken-link /guides/missing',
    'broken-link /api-ref/list-users',
  ]);
  assert.deepEqual(found.docs, ["Remote OpenAPI spec 'https://api.example.com/scim.json' is not fetched: its endpoints are not checked"]);
});
