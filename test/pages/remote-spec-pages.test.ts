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
    `Remote OpenAPI spec 'https://api.example.com/scim.json' is not fetched: its endpoints are not checked, nor are links to the pages it generates (under "/api-reference/"): a link one or two segments deeper is taken as one`,
    `Remote OpenAPI spec 'https://api.example.com/v2.json' is not fetched: its endpoints are not checked, nor are links to the pages it generates (under "/reference/v2/"): a link one or two segments deeper is taken as one`,
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

test('issue 45: under a remote spec\'s folder only the shapes it generates are pages ({tag}/{name}, {name}); deeper is checked', () => {
  const site = openSite(JSON.stringify({ navigation: { groups: [{ group: 'Guides', pages: ['a'] }, { group: 'SCIM', openapi: 'https://api.example.com/scim.json' }] } }), {
    files: { 'a.mdx': '[tagged](/api-reference/scim/list-users) [untagged](/api-reference/ping) [deep](/api-reference/scim/users/list-users)\n' },
  });
  const page = (site.service.checkPages(site.project).byFile.get(path.join(site.root, 'a.mdx')) ?? []).map((d) => `${d.code} ${d.message}`);
  assert.deepEqual(page, ['broken-link Link target "/api-reference/scim/users/list-users" not found']);
});

const SPEC = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  paths: {
    '/tasks': { post: { summary: 'Run a task', tags: ['Agents'] }, get: { summary: 'List tasks', tags: ['Agents', 'Other'] } },
    '/tasks/{id}': { get: { summary: 'Run a task', tags: ['Agents'] } },
    '/ping': { get: {} },
  },
});

test('issue 45: a local spec\'s pages are at {directory}/{first tag}/{summary}, repeats numbered; another folder or tag is broken', () => {
  const links = [
    '/api-reference/agents/run-a-task',
    '/api-reference/agents/run-a-task-1',
    '/api-reference/agents/list-tasks',
    '/api-reference/get-ping',
    '/v2/agents/run-a-task',
    // Broken: the tag singular, a second tag, no tag, a tag on an untagged operation.
    '/api-reference/agent/run-a-task',
    '/api-reference/other/list-tasks',
    '/api-reference/run-a-task',
    '/api-reference/agents/get-ping',
  ];
  const text = links.map((link) => `[x](${link})`).join('\n');
  const docs = { navigation: { groups: [{ group: 'Guides', pages: ['a'] }, { group: 'API', openapi: 'openapi.json' }, { group: 'V2', openapi: { source: 'openapi.json', directory: 'v2' } }] } };
  const site = openSite(JSON.stringify(docs), { files: { 'a.mdx': text, 'openapi.json': SPEC } });
  const page = (site.service.checkPages(site.project).byFile.get(path.join(site.root, 'a.mdx')) ?? []).filter((d) => d.code === 'broken-link').map((d) => links[d.range.start.line]);
  assert.deepEqual(page, ['/api-reference/agent/run-a-task', '/api-reference/other/list-tasks', '/api-reference/run-a-task', '/api-reference/agents/get-ping']);
});

test('issue 45: an operation\'s x-mint.href is its page\'s path from the root (no directory); its default path is then no page', () => {
  const spec = JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/legacy': { get: { summary: 'Legacy endpoint', tags: ['Old'], 'x-mint': { href: '/deprecated-endpoints/legacy-endpoint' } } },
      '/special': { post: { summary: 'Special endpoint', 'x-mint': { href: 'guides/Special.mdx', metadata: { title: 'Other title' } } } },
      '/tasks': { get: { summary: 'List tasks', tags: ['Agents'] } },
    },
  });
  const links = [
    '/deprecated-endpoints/legacy-endpoint',
    '/guides/special',
    '/api-reference/agents/list-tasks',
    // Broken: the default paths of overridden operations, the override under the directory, the metadata title.
    '/api-reference/old/legacy-endpoint',
    '/api-reference/special-endpoint',
    '/v2/deprecated-endpoints/legacy-endpoint',
    '/guides/other-title',
  ];
  const text = links.map((link) => `[x](${link})`).join('\n');
  const docs = { navigation: { groups: [{ group: 'Guides', pages: ['a'] }, { group: 'API', openapi: 'openapi.json' }, { group: 'V2', openapi: { source: 'openapi.json', directory: 'v2' } }] } };
  const site = openSite(JSON.stringify(docs), { files: { 'a.mdx': text, 'openapi.json': spec } });
  const page = (site.service.checkPages(site.project).byFile.get(path.join(site.root, 'a.mdx')) ?? []).filter((d) => d.code === 'broken-link').map((d) => links[d.range.start.line]);
  assert.deepEqual(page, links.slice(3));
});
