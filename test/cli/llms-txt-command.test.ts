// `docs-json llms-txt [DIR]` as a user runs it: the predicted file on stdout, what is left out on stderr; a
// repository's own llms.txt checked instead (exit 1 on a problem).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { test } from 'node:test';
import { LLMS_TXT_COMMAND } from '../../cli/src/llms-txt-command';
import { CliIO } from '../../cli/src/io';
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

test('llms-txt counts on stderr the entries without a description (the first three named), not the pages left out', () => {
  const pages = Object.fromEntries(['b', 'c', 'd', 'e'].map((p) => [`${p}.mdx`, `---\ntitle: ${p.toUpperCase()}\n---\n`]));
  const result = run(makeDocsRepo({ ...SITE, 'docs.json': { ...REQUIRED_SETTINGS, name: 'Acme', navigation: { pages: ['a', 'b', 'c', 'secret', 'd', 'e'] } }, ...pages }));
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stderr, /docs-json llms-txt: 4 entries have no description: 'b', 'c', 'd', …\n/);
  assert.doesNotMatch(run(makeDocsRepo(SITE)).stderr, /no description/);
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

test('llms-txt --check-external: a custom llms.txt\'s spec URLs are requested (a loopback server here): one that answers passes, a 404 fails', async () => {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(request.url === '/openapi.json' ? 200 : 404, { 'content-length': 0 });
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const root = makeDocsRepo({ ...SITE, 'llms.txt': `# Acme\n\n- [A](/a.md)\n\n## OpenAPI Specs\n\n- [openapi](${base}/openapi.json)\n- [v1](${base}/v1/openapi.json)\n` });
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), env: {}, isTTY: false, cwd: root };
    const status = await LLMS_TXT_COMMAND.run([root, '--check-external', '--allow-private-hosts'], io);
    assert.equal(status, 1, err.join(''));
    assert.equal(out.join(''), `llms.txt:8:8  error  '${base}/v1/openapi.json' answers 404\n`);
    assert.match(err.join(''), /3 links read, 1 problem\n$/);
    assert.deepEqual([...new Set(requests.map((r) => r.replace(/^\w+ /, '')))].sort(), ['/openapi.json', '/v1/openapi.json']);
    // Without --allow-private-hosts a loopback address is not requested (the address policy of `check`): said, not passed in silence.
    requests.length = 0;
    out.length = 0;
    err.length = 0;
    const skipped = await LLMS_TXT_COMMAND.run([root, '--check-external'], io);
    assert.deepEqual(requests, []);
    assert.equal(skipped, 0, err.join(''));
    assert.equal(out.join(''), '');
    assert.match(err.join(''), /3 links read, 0 problems; 2 links to other sites not requested \(127\.0\.0\.1 is a private address \(--allow-private-hosts checks it\)\)\n$/);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
