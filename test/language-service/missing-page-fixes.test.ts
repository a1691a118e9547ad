// The first fix for a missing page, on real sites of the corpus: the page a writer meant (a typo, a move, the
// folder the entry names), or creating the page when nothing is close by meaning (issue 15: `…/csharp` became
// `…/cpp` while `…/csharp/overview` existed).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { CORPUS_DIR, NO_CORPUS } from '../helpers/corpus';
import { openSite } from './helpers';

/** Per corpus site: an entry as a writer got it wrong, and the fix they want first. */
const FIRST_FIX: Record<string, [written: string, first: string][]> = {
  polarsource__polar: [
    // The folder the entry names, not the sibling page nearest by characters (integrate/oat).
    ['integrate/oauth2', "Replace with 'integrate/oauth2/introduction'"],
    // A move: the one page of that name, now under merchant-of-record/.
    ['supported-countries', "Replace with 'merchant-of-record/supported-countries'"],
    // The corpus's real missing page: nothing is close by meaning (account-reviews replaces the segment).
    ['merchant-of-record/acceptable-use', "Create page file 'merchant-of-record/acceptable-use.mdx'"],
    ['features/refund', "Replace with 'features/refunds'"],
  ],
  'triggerdotdev__trigger.dev': [
    ['tasks', "Replace with 'tasks/overview'"], // not `tags`
    ['tasks/overveiw', "Replace with 'tasks/overview'"],
    ['realtime/backend', "Replace with 'realtime/backend/overview'"], // not `realtime/auth`
  ],
  browserbase__stagehand: [['v3/integrations/mcp', "Replace with 'v3/integrations/mcp/introduction'"]],
  meilisearch__documentation: [
    ['resources/self_hosting/sharding', "Replace with 'resources/self_hosting/sharding/overview'"],
    ['getting_started/first_projet', "Replace with 'getting_started/first_project'"],
    // `frameworks` → `features` replaces the segment; the folder has no overview: its first page by name.
    ['getting_started/frameworks', "Replace with 'getting_started/frameworks/laravel'"],
  ],
  jlowin__fastmcp: [
    // `tasks` is nearest by characters but a different subject: create the page first.
    ['servers/task-groups', "Create page file 'servers/task-groups.mdx'"],
  ],
};

function pageFiles(site: string): string[] {
  const listed = fs.readFileSync(path.join(CORPUS_DIR, site, 'files.txt'), 'utf8').split('\n');
  return listed.filter((file) => /\.mdx?$/.test(file));
}

for (const [site, cases] of Object.entries(FIRST_FIX)) {
  test(`missing page on ${site}: the fix a writer wants comes first and is the preferred one`, { skip: NO_CORPUS }, () => {
    const entries = cases.map(([written]) => written);
    const docs = openSite(JSON.stringify({ navigation: { pages: entries } }), { files: pageFiles(site) });
    const missing = docs.check()['docs.json'].filter((d) => d.code === 'missing-page');
    const firsts = entries.map((written) => {
      const found = missing.filter((d) => d.range.start.character === docs.rangeOf(JSON.stringify(written)).start.character);
      const actions = docs.service.codeActions(docs.uri, found[0].range, found, { createFiles: true }) ?? [];
      assert.deepEqual(
        actions.map((a) => a.isPreferred ?? false),
        actions.map((_, i) => i === 0),
        `only the first fix for '${written}' is preferred`,
      );
      return [written, actions[0]?.title];
    });
    assert.deepEqual(firsts, cases);
  });
}

test('missing page: a replacement of a whole path segment is still offered, after creating the page', () => {
  const site = openSite('{ "navigation": { "pages": ["sdks/csharp"] } }', { files: ['sdks/cpp.mdx', 'sdks/java.mdx'] });
  const found = site.check()['docs.json'].filter((d) => d.code === 'missing-page');
  const titles = (createFiles: boolean) => site.service.codeActions(site.uri, found[0].range, found, { createFiles })!.map((a) => `${a.isPreferred ? '* ' : ''}${a.title}`);
  assert.deepEqual(titles(true), ["* Create page file 'sdks/csharp.mdx'", "Replace with 'sdks/cpp'"]);
  assert.deepEqual(titles(false), ["Replace with 'sdks/cpp'"]);
});

test('missing page: the created page is titled as a writer writes it (C#, not Csharp)', () => {
  const site = openSite('{ "navigation": { "pages": ["integrations/language-clients/csharp", "guides/api-keys", "guides/Getting-Started"] } }');
  const found = site.check()['docs.json'].filter((d) => d.code === 'missing-page');
  const titles = found.map((d) => {
    const [create] = site.service.codeActions(site.uri, d.range, [d], { createFiles: true })!;
    return Object.values(site.apply(create.edit!))[0];
  });
  assert.deepEqual(titles, ['---\ntitle: "C#"\n---\n\n', '---\ntitle: "API keys"\n---\n\n', '---\ntitle: "Getting Started"\n---\n\n']);
});
