// Every diagnostic links to its rule's page (the orphan finding's too): `codeDescription.href` of what the built
// language server publishes is a file: URI of docs/rules/<code>.md, which exists. (SARIF carries the page's text
// instead, and a helpUri only where it is public: test/cli/check-sarif-rules.test.ts.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { RULES } from '../../server/src/checker';
import { ORPHAN_CODE } from '../../server/src/project/project-settings';
import { tempDir } from '../helpers/temp-dir';
import { withServer } from './helpers/fixtures';

const REPO = path.resolve(__dirname, '../..');

/** The page an href names, after checking it is a file: URI of an existing `<code>.md` under docs/rules/. */
function pageOf(href: string | undefined, code: string): string {
  assert.ok(href?.startsWith('file:'), `${code}: ${href} is a file: URI`);
  const page = fileURLToPath(href ?? '');
  assert.equal(path.basename(page), `${code}.md`);
  assert.equal(path.basename(path.dirname(page)), 'rules');
  assert.ok(fs.statSync(page).isFile(), `${page} exists`);
  return page;
}

test('language server: every published diagnostic of a rule links to its page, which exists', async () => {
  const root = tempDir('rule-links-');
  fs.cpSync(path.join(REPO, 'examples', 'broken'), root, { recursive: true });
  const docsJson = path.join(root, 'docs.json');
  const page = path.join(root, 'guides', 'authentication.mdx');
  await withServer(root, async (client) => {
    await client.open(docsJson);
    await client.diagnosticsOf(docsJson, (d) => d.length > 0);
    await client.diagnosticsOf(page, (d) => d.some((x) => x.code === 'missing-snippet'));
    const seen = new Set<string>();
    for (const { diagnostics } of client.published) {
      for (const d of diagnostics) {
        const code = String(d.code);
        assert.ok(code in RULES || code === ORPHAN_CODE, code);
        assert.equal(pageOf(d.codeDescription?.href, code), path.join(REPO, 'docs', 'rules', `${code}.md`));
        seen.add(code);
      }
    }
    // docs.json's rules, the pages' and the orphan finding alike.
    for (const code of ['missing-page', 'json-syntax', 'broken-link', 'missing-snippet', ORPHAN_CODE]) assert.ok(seen.has(code), code);
  });
});
