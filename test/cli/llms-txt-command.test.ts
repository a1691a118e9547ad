// `docs-json llms-txt [DIR]` as a user runs it: the predicted file on stdout, what is left out on stderr; a
// repository's own llms.txt checked instead (exit 1 on a problem).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeDocsRepo, REQUIRED_SETTINGS } from '../helpers/docs-repo';

const BIN = path.resolve(__dirname, '../../bin/docs-json.js');
const run = (root: string, ...args: string[]) => spawnSync(process.execPath, [BIN, 'llms-txt', root, ...args], { encoding: 'utf8' });
const SITE = {
  'docs.json': { ...REQUIRED_SETTINGS, name: 'Acme', navigation: { pages: ['a', 'secret'] } },
  'a.mdx': '---\ntitle: A\ndescription: The A page\n---\n',
  'secret.mdx': '---\ntitle: Secret\nnoindex: true\n---\n',
};

test('llms-txt prints the predicted file, and on stderr what it left out and why', () => {
  const result = run(makeDocsRepo(SITE), '--url', 'https://docs.acme.dev');
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout, '# Acme\n\n## Docs\n\n- [A](https://docs.acme.dev/a.md): The A page\n');
  assert.match(result.stderr, /1 left out, `noindex: true` in front matter: 'secret'/);
});

test('llms-txt with the repository\'s own llms.txt checks it instead: a link that lands nowhere fails (exit 1); quiet twin exits 0', () => {
  const bad = run(makeDocsRepo({ ...SITE, 'llms.txt': '# Acme\n\n- [A](/a.md)\n- [Gone](/gone.md)\n' }));
  assert.equal(bad.status, 1, bad.stderr);
  assert.match(bad.stdout, /llms\.txt:4:10 {2}error {2}'\/gone\.md' lands on no page or file of the site\n/);
  assert.doesNotMatch(bad.stdout, /^# Acme/m, 'the prediction is not printed: the custom file is served');
  assert.match(bad.stderr, /the repository's own llms\.txt, served instead of a generated one: 2 links read, 1 problem/);
  const good = run(makeDocsRepo({ ...SITE, 'llms.txt': '# Acme\n\n- [A](/a.md)\n- [Elsewhere](https://example.com/spec.json)\n' }));
  assert.equal(good.status, 0, good.stdout);
  assert.equal(good.stdout, '');
  assert.match(good.stderr, /1 link to other sites not requested \(--check-external does\)/);
});

test('llms-txt: bad arguments exit 2 with a message', () => {
  const result = run(makeDocsRepo(SITE), '--url', 'docs.acme.dev');
  assert.equal(result.status, 2);
  assert.match(result.stderr, /--url takes the site's address/);
});
