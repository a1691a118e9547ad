// Issue 33, external links: the check's requests against a loopback server started here (nothing leaves the
// machine), its address policy, and its cache.
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { hostAddress, isPublicAddress } from '../../cli/src/external-links/address-policy';
import { LINK_CACHE_TTL_MS, LinkCacheFile, readLinkCache, writeLinkCache } from '../../cli/src/external-links/link-cache';
import { seal, unseal } from '../../server/src/project/cache-seal';
import { checkExternalUrls, LinkCheckOptions } from '../../cli/src/external-links/link-checker';
import { CHECK_COMMAND } from '../../cli/src/check-command';
import { checkExternalLinks } from '../../cli/src/external-links/external-check';
import { CLEAR_LINE, CliIO } from '../../cli/src/io';
import type { Clock } from '../../api/src/clock';
import { makeDocsRepo } from '../helpers/docs-repo';
import { tempDir } from '../helpers/temp-dir';
import { createLanguageService } from '../../server/src/language';

type Route = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** The test server: its routes, every request it got (`METHOD /path`), and the most requests it held at once. */
const server = {
  routes: new Map<string, Route>(),
  requests: [] as string[],
  inFlight: 0,
  maxInFlight: 0,
  connections: 0,
  base: '',
  http: undefined as http.Server | undefined,
};

// With its length, as servers send it: a connection can then carry the next request.
const answer = (status: number, headers: http.OutgoingHttpHeaders = {}): Route => (_, response) => {
  response.writeHead(status, { 'content-length': 0, ...headers });
  response.end();
};

before(async () => {
  server.http = http.createServer((request, response) => {
    const url = request.url ?? '/';
    server.requests.push(`${request.method} ${url}`);
    server.inFlight++;
    server.maxInFlight = Math.max(server.maxInFlight, server.inFlight);
    response.on('close', () => server.inFlight--);
    const route = server.routes.get(url.replace(/\?.*$/, ''));
    if (route) route(request, response);
    else answer(404)(request, response);
  });
  server.http.on('connection', () => server.connections++);
  await new Promise<void>((resolve) => server.http!.listen(0, '127.0.0.1', resolve));
  server.base = `http://127.0.0.1:${(server.http.address() as AddressInfo).port}`;
  server.routes.set('/ok', answer(200));
  server.routes.set('/gone', answer(410));
  server.routes.set('/moved', answer(301, { location: '/moved-again' }));
  server.routes.set('/moved-again', answer(302, { location: '/nowhere' }));
  server.routes.set('/loop-a', answer(302, { location: '/loop-b' }));
  server.routes.set('/loop-b', answer(302, { location: '/loop-a' }));
  server.routes.set('/no-head', (request, response) => answer(request.method === 'HEAD' ? 405 : 200)(request, response));
  server.routes.set('/login', answer(401));
  server.routes.set('/error', answer(503));
  server.routes.set('/hang', () => {});
});

after(() => {
  server.http?.closeAllConnections();
  server.http?.close();
});

function requestsTo(pathname: string): string[] {
  return server.requests.filter((r) => r.split(' ')[1].replace(/\?.*$/, '') === pathname);
}

const LOOPBACK: LinkCheckOptions = { userAgent: 'docs-json-tools/test (external link check)', allowPrivateHosts: true, timeoutMs: 5_000 };

/** A clock whose sleeps pass at once and are recorded. */
function fakeClock(): Clock & { slept: number[] } {
  let now = 1_000_000;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

test('404 and 410 are broken; 200 and a 401 login wall are not; a server error is unreachable', async () => {
  const urls = ['/ok', '/nowhere', '/gone', '/login', '/error'].map((p) => server.base + p);
  const verdicts = await checkExternalUrls(urls, LOOPBACK);
  assert.deepEqual([...urls].map((u) => verdicts.get(u)), [
    { kind: 'ok', status: 200 },
    { kind: 'broken', status: 404, via: undefined },
    { kind: 'broken', status: 410, via: undefined },
    { kind: 'ok', status: 401 },
    { kind: 'unreachable', why: 'its server answered 503' },
  ]);
  // A HEAD that does not say OK is asked again with GET before the link is called broken.
  assert.deepEqual(requestsTo('/nowhere'), ['HEAD /nowhere', 'GET /nowhere']);
  assert.deepEqual(requestsTo('/ok'), ['HEAD /ok']);
});

test('a redirect chain into a 404 is broken at its end; a redirect loop is unreachable, not followed forever', async () => {
  const verdicts = await checkExternalUrls([`${server.base}/moved`, `${server.base}/loop-a`], LOOPBACK);
  assert.deepEqual(verdicts.get(`${server.base}/moved`), { kind: 'broken', status: 404, via: `${server.base}/nowhere` });
  const loop = verdicts.get(`${server.base}/loop-a`);
  assert.equal(loop?.kind, 'unreachable');
  assert.match((loop as { why: string }).why, /redirects loop/);
  assert.ok(requestsTo('/loop-a').length <= 2, server.requests.join('\n'));
});

test('a chain longer than maxRedirects stops there', async () => {
  for (let i = 0; i < 5; i++) server.routes.set(`/hop${i}`, answer(307, { location: `/hop${i + 1}` }));
  const verdicts = await checkExternalUrls([`${server.base}/hop0`], { ...LOOPBACK, maxRedirects: 3 });
  assert.deepEqual(verdicts.get(`${server.base}/hop0`), { kind: 'unreachable', why: 'it redirects more than 3 times' });
  assert.equal(requestsTo('/hop4').length, 0);
});

test('HEAD refused (405), then GET answers 200: the link is fine', async () => {
  const verdicts = await checkExternalUrls([`${server.base}/no-head`], LOOPBACK);
  assert.deepEqual(verdicts.get(`${server.base}/no-head`), { kind: 'ok', status: 200 });
  assert.deepEqual(requestsTo('/no-head'), ['HEAD /no-head', 'GET /no-head']);
});

test('429 with Retry-After: the wait asked for is taken (fake clock), then the answer counts; always 429 is "rate limited", not broken', async () => {
  let limited = 0;
  server.routes.set('/busy', (request, response) => answer(++limited <= 2 ? 429 : 200, { 'retry-after': '7' })(request, response));
  server.routes.set('/always-busy', answer(429, { 'retry-after': '2' }));
  const clock = fakeClock();
  const verdicts = await checkExternalUrls([`${server.base}/busy`], { ...LOOPBACK, clock });
  assert.deepEqual(verdicts.get(`${server.base}/busy`), { kind: 'ok', status: 200 });
  assert.deepEqual(clock.slept, [7_000, 7_000]);
  assert.deepEqual(requestsTo('/busy'), ['HEAD /busy', 'HEAD /busy', 'HEAD /busy']);

  const again = fakeClock();
  const busy = await checkExternalUrls([`${server.base}/always-busy`], { ...LOOPBACK, clock: again, maxTries: 3 });
  assert.deepEqual(busy.get(`${server.base}/always-busy`), { kind: 'rate-limited', tries: 3 });
  assert.equal(requestsTo('/always-busy').length, 3);
  assert.deepEqual(again.slept, [2_000, 2_000]);

  // A Retry-After beyond the bound is not waited for.
  const patient = fakeClock();
  server.routes.set('/come-back-tomorrow', answer(429, { 'retry-after': '86400' }));
  const tomorrow = await checkExternalUrls([`${server.base}/come-back-tomorrow`], { ...LOOPBACK, clock: patient });
  assert.deepEqual(tomorrow.get(`${server.base}/come-back-tomorrow`), { kind: 'rate-limited', tries: 1 });
  assert.deepEqual(patient.slept, []);
});

test('the time budget: a Retry-After that would outlast it is not slept, the URL is not checked (fake clock)', async () => {
  server.routes.set('/slow-down', answer(429, { 'retry-after': '30' }));
  const clock = fakeClock();
  const verdicts = await checkExternalUrls([`${server.base}/slow-down`], { ...LOOPBACK, clock, budgetMs: 20_000 });
  assert.deepEqual(verdicts.get(`${server.base}/slow-down`), { kind: 'skipped', why: "the check's time budget ran out", outOfTime: true });
  assert.deepEqual(requestsTo('/slow-down'), ['HEAD /slow-down']);
  // Issue 44: the 30 s asked were slept past the budget before the URL was given up.
  assert.deepEqual(clock.slept, []);
});

test('the budget is looked at after waiting for a global slot: hosts that never answer end the check by its budget', async () => {
  // 60 hosts (names that resolve to the test server), each link never answered; 4 global slots, each request 400 ms
  // at most, a budget of 600 ms. Slots free at 400 ms (the second wave gets the 200 ms left), then the budget is
  // spent: at most 8 requests are sent, every other link is "not checked". Before issue 44 the budget was read
  // before the wait for a global slot: all 60 were sent, 15 waves of 400 ms.
  const port = new URL(server.base).port;
  const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
  const before = requestsTo('/hang').length;
  const urls = Array.from({ length: 60 }, (_, i) => `http://never-${i}.docs-test:${port}/hang`);
  const verdicts = await checkExternalUrls(urls, { ...LOOPBACK, resolve, concurrency: 4, timeoutMs: 400, budgetMs: 600 });
  const kinds = [...verdicts.values()];
  const asked = kinds.filter((v) => v.kind === 'unreachable').length;
  const notChecked = kinds.filter((v) => v.kind === 'skipped' && v.outOfTime).length;
  assert.equal(asked + notChecked, 60, JSON.stringify(kinds.filter((v) => v.kind !== 'unreachable' && v.kind !== 'skipped')));
  assert.ok(asked >= 1 && asked <= 8, `${asked} requests sent`);
  assert.ok(requestsTo('/hang').length - before <= 8, `${requestsTo('/hang').length - before} requests reached the server`);
});

test('a host that never answers is unreachable once the (small) timeout passes', async () => {
  const verdicts = await checkExternalUrls([`${server.base}/hang`], { ...LOOPBACK, timeoutMs: 150 });
  assert.deepEqual(verdicts.get(`${server.base}/hang`), { kind: 'unreachable', why: 'no answer within 150 ms' });
});

test('a refused connection and a name that does not resolve are unreachable, not broken', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const resolve = async (name: string) => {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
  const verdicts = await checkExternalUrls([`http://127.0.0.1:${port}/`, 'http://no-such-host.docs-test/'], { ...LOOPBACK, resolve });
  assert.deepEqual(verdicts.get(`http://127.0.0.1:${port}/`), { kind: 'unreachable', why: 'the connection was refused' });
  assert.deepEqual(verdicts.get('http://no-such-host.docs-test/'), { kind: 'unreachable', why: 'its host name does not resolve' });
});

test('each URL is requested once, however often it is given', async () => {
  server.routes.set('/once', answer(200));
  const url = `${server.base}/once`;
  const verdicts = await checkExternalUrls([url, url, url, url], LOOPBACK);
  assert.equal(verdicts.size, 1);
  assert.deepEqual(requestsTo('/once'), ['HEAD /once']);
});

test('at most 8 requests in flight to one host, and the global bound across hosts', async () => {
  server.routes.set('/slow', (request, response) => setTimeout(() => answer(200)(request, response), 30));
  server.maxInFlight = 0;
  server.connections = 0;
  const many = Array.from({ length: 40 }, (_, i) => `${server.base}/slow?${i}`);
  const verdicts = await checkExternalUrls(many, LOOPBACK);
  assert.equal([...verdicts.values()].filter((v) => v.kind === 'ok').length, 40);
  assert.ok(server.maxInFlight <= 8 && server.maxInFlight > 1, `max in flight ${server.maxInFlight}`);
  assert.ok(server.connections <= 8, `${server.connections} connections for 40 requests: they are kept and reused`);

  // Four host names for the one server: each its own bound of 8, the global bound (5) holds them all.
  const port = new URL(server.base).port;
  const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
  const hosts = ['a.docs-test', 'b.docs-test', 'c.docs-test', 'd.docs-test'];
  server.maxInFlight = 0;
  const spread = hosts.flatMap((host) => Array.from({ length: 10 }, (_, i) => `http://${host}:${port}/slow?${i}`));
  await checkExternalUrls(spread, { ...LOOPBACK, resolve, concurrency: 5 });
  assert.ok(server.maxInFlight <= 5 && server.maxInFlight > 1, `max in flight ${server.maxInFlight}`);
});

test('private addresses are skipped without --allow-private-hosts, in every form, and nothing is sent', async () => {
  const port = new URL(server.base).port;
  server.routes.set('/private', answer(200));
  const before = requestsTo('/private').length;
  const resolved: string[] = [];
  const resolve = async (name: string) => {
    resolved.push(name);
    if (name === 'mixed.docs-test') return [{ address: '93.184.215.14', family: 4 }, { address: '127.0.0.1', family: 4 }];
    return [{ address: '127.0.0.1', family: 4 }];
  };
  const urls = [
    `${server.base}/private`,
    `http://2130706433:${port}/private`, // decimal
    `http://0x7f.0.0.1:${port}/private`, // hex
    `http://0177.0.0.1:${port}/private`, // octal
    `http://[::ffff:127.0.0.1]:${port}/private`, // IPv4-mapped IPv6
    `http://[::1]:${port}/private`,
    `http://localhost.docs-test:${port}/private`, // a name that resolves to loopback
    `http://mixed.docs-test:${port}/private`, // one public and one loopback answer: refused whole
  ];
  const verdicts = await checkExternalUrls(urls, { ...LOOPBACK, allowPrivateHosts: false, resolve });
  for (const url of urls) assert.equal(verdicts.get(url)?.kind, 'skipped', url);
  assert.match((verdicts.get(`http://mixed.docs-test:${port}/private`) as { why: string }).why, /resolves to 127\.0\.0\.1, a private address/);
  assert.equal(requestsTo('/private').length, before, 'no request reached the server');

  // Allowed, a name is resolved once for all its links, and the connection goes to the address checked.
  resolved.length = 0;
  const allowed = await checkExternalUrls([`http://localhost.docs-test:${port}/private`, `http://localhost.docs-test:${port}/ok`], { ...LOOPBACK, resolve });
  assert.deepEqual([...allowed.values()].map((v) => v.kind), ['ok', 'ok']);
  assert.deepEqual(resolved, ['localhost.docs-test']);
});

test('a redirect to a private address is refused at that hop, before any connection to it', async () => {
  server.routes.set('/to-inside', answer(302, { location: 'http://169.254.169.254/latest/meta-data/' }));
  server.routes.set('/to-inside-by-name', answer(302, { location: 'http://metadata.docs-test/latest/meta-data/' }));
  const resolve = async () => [{ address: '169.254.169.254', family: 4 }];
  // An injected policy lets the test reach its own server and nothing else private.
  const allowAddress = (address: string) => address === '127.0.0.1' || isPublicAddress(address);
  const verdicts = await checkExternalUrls([`${server.base}/to-inside`, `${server.base}/to-inside-by-name`], { ...LOOPBACK, allowPrivateHosts: false, allowAddress, resolve, timeoutMs: 60_000 });
  assert.deepEqual(verdicts.get(`${server.base}/to-inside`), { kind: 'skipped', why: '169.254.169.254 is a private address (--allow-private-hosts checks it)' });
  assert.deepEqual(verdicts.get(`${server.base}/to-inside-by-name`), { kind: 'skipped', why: 'metadata.docs-test resolves to 169.254.169.254, a private address (--allow-private-hosts checks it)' });
});

test('names reserved for examples (example.com, .test, .invalid) are not asked: a page illustrates with them', async () => {
  const resolved: string[] = [];
  const resolve = async (name: string) => {
    resolved.push(name);
    return [{ address: '127.0.0.1', family: 4 }];
  };
  const urls = ['https://api.example.com/v1/users', 'https://example.org/', 'http://site.test/', 'http://x.invalid/', 'https://EXAMPLE.NET./a'];
  const verdicts = await checkExternalUrls(urls, { ...LOOPBACK, resolve });
  assert.deepEqual(urls.map((url) => verdicts.get(url)?.kind), ['skipped', 'skipped', 'skipped', 'skipped', 'skipped']);
  assert.deepEqual(resolved, []);
});

test('address policy: private, loopback, link-local, unique-local, CGNAT, multicast and unspecified ranges; URL forms', () => {
  const inside = ['127.0.0.1', '10.1.2.3', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.251', '255.255.255.255', '::', '::1', 'fe80::1', 'fd00::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:a00:1', '64:ff9b::7f00:1', '2002:7f00:1::'];
  // Issue 44: local-use NAT64, SIIT's IPv4-translated form, Teredo, Azure's host endpoint, the 6to4 relay.
  inside.push('64:ff9b:1::a00:1', '64:ff9b:1:ffff::8.8.8.8', '64:ff9b::10.0.0.1', '::ffff:0:127.0.0.1', '::ffff:0:a9fe:a9fe', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001::1', '168.63.129.16', '192.88.99.1');
  for (const address of inside) assert.equal(isPublicAddress(address), false, address);
  for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '::ffff:0:8.8.8.8', '64:ff9b::8.8.8.8', '168.63.129.17', '2001:4860:4860::8888']) assert.equal(isPublicAddress(address), true, address);
  assert.equal(isPublicAddress('not-an-address'), false);
  assert.equal(hostAddress(new URL('http://2130706433/')), '127.0.0.1');
  assert.equal(hostAddress(new URL('http://0x7f.1/')), '127.0.0.1');
  assert.equal(hostAddress(new URL('http://[::ffff:127.0.0.1]/')), '::ffff:7f00:1');
  assert.equal(hostAddress(new URL('http://example.com/')), undefined);
});

test('the cache: a fresh verdict is a hit, an old one a miss (fake time), a bad file or entry a miss, a link at its name not followed', () => {
  const folder = tempDir('link-cache-');
  const secret = Buffer.alloc(32, 7);
  const file = path.join(folder, '.docs-json-external-links.json');
  const at = (name: string) => ({ file: name, secret });
  const now = 5_000_000_000;
  const cache = new LinkCacheFile(at(file), now);
  cache.set('https://example.com/a', { kind: 'ok', status: 200 }, now);
  cache.set('https://example.com/b', { kind: 'broken', status: 404 }, now);
  cache.set('https://example.com/c', { kind: 'unreachable', why: 'the connection was refused' }, now);
  cache.set('https://example.com/d', { kind: 'skipped', why: 'a private address' }, now);
  assert.equal(cache.save(), undefined);

  const later = new LinkCacheFile(at(file), now + 60 * 60_000);
  assert.deepEqual(later.get('https://example.com/a'), { kind: 'ok', status: 200 });
  assert.deepEqual(later.get('https://example.com/b'), { kind: 'broken', status: 404 });
  assert.equal(later.get('https://example.com/c'), undefined, 'a failure is kept for half an hour');
  assert.equal(later.get('https://example.com/d'), undefined, 'a skipped link is never kept');
  const nextDay = readLinkCache(at(file), now + LINK_CACHE_TTL_MS.ok);
  assert.equal(nextDay.size, 0, 'a day later every verdict has expired');

  // Planted entries of another shape are misses; the good ones beside them still count.
  // Issue 44: the same entries unsealed, or sealed with another user's key (a committed cache), are all misses.
  const sealed = fs.readFileSync(file, 'utf8');
  const plain = unseal(sealed, secret)!;
  fs.writeFileSync(file, plain);
  assert.equal(readLinkCache(at(file), now).size, 0);
  fs.writeFileSync(file, seal(plain, Buffer.alloc(32, 8)));
  assert.equal(readLinkCache(at(file), now).size, 0);
  assert.equal(readLinkCache({ file, secret: Buffer.alloc(32, 8) }, now).size, 3);
  const planted = JSON.parse(plain);
  planted.entries['https://example.com/e'] = { at: now, kind: 'ok', status: '200; rm -rf /' };
  planted.entries['https://example.com/f'] = { at: now, kind: 'broken', status: 500 };
  planted.entries['https://example.com/g'] = { at: 'soon', kind: 'ok', status: 200 };
  planted.entries['https://example.com/h'] = { at: now + 1e12, kind: 'ok', status: 200 };
  planted.entries['file:///etc/passwd'] = { at: now, kind: 'ok', status: 200 };
  fs.writeFileSync(file, seal(JSON.stringify(planted).replace('"entries":{', '"entries":{"__proto__":{"at":0,"kind":"ok","status":200},'), secret));
  assert.deepEqual([...readLinkCache(at(file), now).keys()].sort(), ['https://example.com/a', 'https://example.com/b', 'https://example.com/c']);

  for (const corrupt of ['{', '[]', 'null', JSON.stringify({ format: 'other', entries: {} }), '\u0000\u0001']) {
    fs.writeFileSync(file, seal(corrupt, secret));
    assert.equal(readLinkCache(at(file), now).size, 0, corrupt);
  }

  // A link at the cache's name is not read, and not written through (issue 44: refused, left as it is).
  const target = path.join(folder, 'elsewhere.json');
  writeLinkCache(at(target), new Map([['https://example.com/a', { verdict: { kind: 'ok', status: 200 }, at: now }]]));
  const before = fs.readFileSync(target, 'utf8');
  fs.rmSync(file);
  fs.symlinkSync(target, file);
  assert.equal(readLinkCache(at(file), now).size, 0);
  assert.match(writeLinkCache(at(file), new Map())!, /symbolic link/);
  assert.equal(fs.lstatSync(file).isSymbolicLink(), true);
  assert.equal(fs.readFileSync(target, 'utf8'), before);
  assert.deepEqual(fs.readdirSync(folder).sort(), ['.docs-json-external-links.json', 'elsewhere.json'], 'no temporary file left');

  // A FIFO at the cache's name is a miss, never a read that waits for a writer.
  fs.rmSync(file);
  execFileSync('mkfifo', [file]);
  assert.equal(readLinkCache(at(file), now).size, 0);
});

const BIN = path.resolve(__dirname, '../../bin/docs-json.js');

/** The CLI as a process, run asynchronously: the test server answers it from this process. */
function runCli(args: string[], cwd: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ status: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr });
    });
  });
}

test('docs-json check --check-external: links of pages and docs.json, JSON findings where they are written, exit rules, the cache', async () => {
  server.routes.set('/cli-ok', answer(200));
  const root = makeDocsRepo({
    'docs.json': { navigation: { pages: ['index'], global: { anchors: [{ anchor: 'Blog', href: `${server.base}/cli-gone` }] } }, navbar: { links: [{ label: 'Home', href: `${server.base}/cli-ok` }] } },
    'index.mdx': `# Home\n\nSee [the guide](${server.base}/cli-missing#setup) and <Card href="${server.base}/cli-ok">the app</Card>.\n\n[again](${server.base}/cli-missing)\n\`[in code](${server.base}/cli-code)\`\n`,
  });
  const before = server.requests.length;

  // Without --check-external nothing is sent, and no finding of these rules.
  const plain = await runCli(['check', root, '--format', 'json'], root);
  assert.equal(plain.status, 0, plain.stdout + plain.stderr);
  assert.equal(server.requests.length, before);

  // Without --allow-private-hosts the loopback server is not asked: one line says so.
  const refused = await runCli(['check', root, '--check-external', '--format', 'json'], root);
  assert.equal(refused.status, 0);
  assert.equal(server.requests.length, before);
  assert.deepEqual(JSON.parse(refused.stdout).diagnostics, []);
  assert.match(refused.stderr, /^docs-json check: 3 external URLs not checked \(http:\/\/127\.0\.0\.1:\d+\/cli-\w+, …\): a private address \(--allow-private-hosts checks them\)\n$/);

  const checked = await runCli(['check', root, '--check-external', '--allow-private-hosts', '--cache', '--format', 'json'], root);
  assert.equal(checked.status, 0, 'warnings and info do not fail the check');
  assert.equal(checked.stderr, '', 'no progress line when stderr is no terminal');
  const found = (JSON.parse(checked.stdout).diagnostics as { file: string; line: number; column: number; code: string; severity: string; message: string }[]).map(
    (d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message.replace(server.base, 'BASE').replace(server.base, 'BASE')}`,
  );
  // Each finding on the link as written: the JSON string (its quotes too), the page link's destination.
  const docsJsonLines = fs.readFileSync(path.join(root, 'docs.json'), 'utf8').split('\n');
  const anchorLine = docsJsonLines.findIndex((line) => line.includes('/cli-gone'));
  const anchorColumn = docsJsonLines[anchorLine].indexOf(`"${server.base}/cli-gone"`) + 1;
  assert.deepEqual(found, [
    `docs.json:${anchorLine + 1}:${anchorColumn} warning broken-external-link 'BASE/cli-gone' answers 404 Not Found`,
    `index.mdx:3:${'See [the guide]('.length + 1} warning broken-external-link 'BASE/cli-missing' answers 404 Not Found`,
    `index.mdx:5:${'[again]('.length + 1} warning broken-external-link 'BASE/cli-missing' answers 404 Not Found`,
  ]);
  assert.deepEqual(requestsTo('/cli-missing'), ['HEAD /cli-missing', 'GET /cli-missing'], 'once for both links, fragment stripped');
  assert.equal(requestsTo('/cli-code').length, 0, 'a link in code is no link');
  assert.equal(fs.existsSync(path.join(root, '.docs-json-external-links.json')), false, 'kept in the user cache folder, not the repository (issue 44)');

  // --max-warnings makes a broken external link fail CI; the cache answers without a request.
  const sent = server.requests.length;
  const strict = await runCli(['check', root, '--check-external', '--allow-private-hosts', '--cache', '--max-warnings', '0'], root);
  assert.equal(strict.status, 1);
  assert.match(strict.stdout, /3 problems \(0 errors, 3 warnings/);
  assert.equal(server.requests.length, sent, 'every verdict came from the cache');
});

test('check: the external options are refused without --check-external, and take seconds', async () => {
  const root = makeDocsRepo({ 'docs.json': { navigation: { pages: ['index'] } }, 'index.mdx': '# Home\n' });
  const stray = await runCli(['check', root, '--allow-private-hosts'], root);
  assert.equal(stray.status, 2);
  assert.match(stray.stderr, /--allow-private-hosts goes with --check-external/);
  const bad = await runCli(['check', root, '--check-external', '--external-timeout', 'soon'], root);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--external-timeout takes a number of seconds/);
});

test('a progress line on a terminal (stderr), cleared at the end; none elsewhere', async () => {
  server.routes.set('/tty-ok', answer(200));
  const root = makeDocsRepo({ 'docs.json': { navigation: { pages: ['index'] } }, 'index.mdx': `[a](${server.base}/tty-ok) [b](${server.base}/tty-ok?b)\n` });
  const runIn = async (errIsTTY: boolean) => {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), env: {}, isTTY: false, errIsTTY, cwd: root };
    const status = await CHECK_COMMAND.run([root, '--check-external', '--allow-private-hosts'], io);
    return { status, out: out.join(''), err: err.join('') };
  };
  const terminal = await runIn(true);
  assert.equal(terminal.status, 0);
  assert.ok(terminal.err.startsWith(`${CLEAR_LINE}checking external links: `), JSON.stringify(terminal.err));
  assert.ok(terminal.err.includes('checking external links: 2/2'), JSON.stringify(terminal.err));
  assert.ok(terminal.err.endsWith(CLEAR_LINE), 'the line is cleared before the report');
  assert.equal(terminal.out, 'No problems found\n');
  const piped = await runIn(false);
  assert.equal(piped.err, '');
  assert.equal(piped.out, 'No problems found\n');
});

test('the links listed: every http(s) link of docs.json and of the pages, fragment stripped, none from code, other schemes left out', () => {
  const root = makeDocsRepo({
    'docs.json': {
      navigation: { tabs: [{ tab: 'Blog', href: 'https://blog.acme.dev/' }, { tab: 'Docs', pages: ['index'] }], global: { anchors: [{ anchor: 'Status', href: 'https://status.acme.dev' }] } },
      logo: { light: '/logo.svg', dark: '/logo.svg', href: 'https://acme.dev/#top' },
      navbar: { links: [{ label: 'Support', href: 'mailto:help@acme.dev' }], primary: { type: 'button', label: 'Sign up', href: 'https://app.acme.dev/signup' } },
      footer: { socials: { github: 'https://github.com/acme' }, links: [{ header: 'More', items: [{ label: 'Jobs', href: 'https://acme.dev/jobs' }] }] },
      banner: { content: 'New: [the 2.0 guide](https://acme.dev/v2 "title") and [a page](/index)' },
      redirects: [{ source: '/old', destination: 'https://archive.acme.dev/old' }],
    },
    'index.mdx': [
      '---',
      'title: "See https://front.acme.dev/"',
      '---',
      '[ref]: https://acme.dev/ref#part',
      '![shot](https://cdn.acme.dev/shot.png) <img src="https://cdn.acme.dev/logo.svg" alt="logo" />',
      '`[code](https://code.acme.dev/)`',
      '```md',
      '[fenced](https://fenced.acme.dev/)',
      '```',
      '{/* [comment](https://comment.acme.dev/) */}',
      '[local](/index) [mail](mailto:a@acme.dev) [ftp](ftp://files.acme.dev/) [HTTP](HTTPS://ACME.DEV/caps)',
      'Use [the ref][ref].',
    ].join('\n'),
  });
  const service = createLanguageService();
  const project = service.projectAt(root);
  service.configure(project, { enable: true, severity: {}, extraLanguageCodes: [], addRedirectsOnRename: false });
  const listed = service.externalLinks(project).map((link) => `${path.relative(root, link.file)}:${link.range.start.line + 1} ${link.url}`);
  service.dispose();
  const docsJson = fs.readFileSync(path.join(root, 'docs.json'), 'utf8').split('\n');
  const lineOf = (text: string) => docsJson.findIndex((line) => line.includes(text)) + 1;
  const inDocsJson = ['https://app.acme.dev/signup', 'https://acme.dev/#top', 'https://acme.dev/jobs', 'https://archive.acme.dev/old', 'https://acme.dev/v2', 'https://blog.acme.dev/', 'https://status.acme.dev', 'https://github.com/acme'];
  assert.deepEqual(
    listed.filter((line) => line.startsWith('docs.json')).sort(),
    inDocsJson.map((url) => `docs.json:${lineOf(url)} ${url.replace('#top', '').replace(/^(https:\/\/status\.acme\.dev)$/, '$1/')}`).sort(),
  );
  assert.deepEqual(
    listed.filter((line) => line.startsWith('index.mdx')),
    ['index.mdx:4 https://acme.dev/ref', 'index.mdx:5 https://cdn.acme.dev/shot.png', 'index.mdx:5 https://cdn.acme.dev/logo.svg', 'index.mdx:11 https://acme.dev/caps'],
  );
});

test('a hostile server (a protocol switch, no HTTP, headers that never end, too large, a closed socket) gives unreachable, never a hang or a crash', async () => {
  const replies: Record<string, string> = {
    '/switch': 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
    '/garbage': 'NOT HTTP AT ALL\r\n\r\n',
    '/endless': 'HTTP/1.1 200 OK\r\nX-A: ',
    '/huge': `HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`,
    '/close': '',
  };
  const raw = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', (data) => {
      const reply = replies[data.toString().split(' ')[1]];
      if (reply) socket.write(reply);
      else socket.destroy();
    });
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  const port = (raw.address() as AddressInfo).port;
  const urls = Object.keys(replies).map((p) => `http://127.0.0.1:${port}${p}`);
  // Only the answer that never ends waits for the timer; the others answer (or close) at once, so they get a long
  // one: a short timer raced their loopback answers on a loaded machine (issue 47).
  const endless = urls.filter((url) => url.endsWith('/endless'));
  const verdicts = new Map([
    ...(await checkExternalUrls(urls.filter((url) => !endless.includes(url)), { ...LOOPBACK, timeoutMs: 60_000 })),
    ...(await checkExternalUrls(endless, { ...LOOPBACK, timeoutMs: 300 })),
  ]);
  raw.close();
  assert.deepEqual(
    urls.map((url) => verdicts.get(url)),
    [
      { kind: 'unreachable', why: 'the connection closed without an answer' },
      { kind: 'unreachable', why: 'its answer is not valid HTTP (HPE_INVALID_CONSTANT)' },
      { kind: 'unreachable', why: 'no answer within 300 ms' },
      { kind: 'unreachable', why: 'its answer is not valid HTTP (HPE_HEADER_OVERFLOW)' },
      { kind: 'unreachable', why: 'the connection closed without an answer' },
    ],
  );
});

test('a machine where no host name resolves (offline CI): every link is info, and one line says why', async () => {
  const root = makeDocsRepo({ 'docs.json': { navigation: { pages: ['index'] } }, 'index.mdx': '[a](https://one.acme.dev/) [b](https://two.acme.dev/x) [c](http://localhost:3000/)\n' });
  const service = createLanguageService();
  const project = service.projectAt(root);
  service.configure(project, { enable: true, severity: {}, extraLanguageCodes: [], addRedirectsOnRename: false });
  const err: string[] = [];
  const io: CliIO = { out: () => {}, err: (t) => err.push(t), env: {}, isTTY: false, cwd: root };
  const resolve = async (name: string): Promise<{ address: string; family: number }[]> => {
    if (name === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
    throw Object.assign(new Error(`getaddrinfo EAI_AGAIN ${name}`), { code: 'EAI_AGAIN' });
  };
  const byFile = await checkExternalLinks(service, project, { userAgent: 'test', resolve }, io);
  service.dispose();
  const found = [...byFile.values()].flat();
  assert.deepEqual(found.map((d) => [d.code, d.severity]), [['unreachable-external-link', 3], ['unreachable-external-link', 3]]);
  assert.deepEqual(err, [
    'docs-json check: 1 external URL not checked (http://localhost:3000/): a private address (--allow-private-hosts checks them)\n',
    'docs-json check: none of the 2 external URLs asked has a host name that resolves: is this machine offline?\n',
  ]);
});

test('links the budget left unasked: one info finding per file that says so, never silence, never one per link', async () => {
  const root = makeDocsRepo({
    'docs.json': { navigation: { pages: ['index', 'other'] } },
    'index.mdx': '[a](https://one.acme.dev/) [b](https://two.acme.dev/x) [c](https://three.acme.dev/)\n',
    'other.mdx': 'Quiet: [d](https://example.com/) is reserved for examples, and never asked.\n',
  });
  const service = createLanguageService();
  const project = service.projectAt(root);
  service.configure(project, { enable: true, severity: {}, extraLanguageCodes: [], addRedirectsOnRename: false });
  const err: string[] = [];
  const io: CliIO = { out: () => {}, err: (t) => err.push(t), env: {}, isTTY: false, cwd: root };
  const resolve = async (): Promise<{ address: string; family: number }[]> => assert.fail('nothing is resolved once the budget is spent');
  const byFile = await checkExternalLinks(service, project, { userAgent: 'test', resolve, budgetMs: 0 }, io);
  service.dispose();
  assert.deepEqual([...byFile.keys()].map((file) => path.relative(root, file)), ['index.mdx']);
  assert.deepEqual(byFile.get(path.join(root, 'index.mdx'))!.map((d) => [d.code, d.severity, d.range.start.character, d.message]), [
    ['unreachable-external-link', 3, 4, "3 external links of this file (the first: 'https://one.acme.dev/') not checked: the check's time budget ran out (--external-budget)"],
  ]);
  assert.deepEqual(err, [
    'docs-json check: 1 external URL not checked (https://example.com/): a name reserved for examples (RFC 2606)\n',
    "docs-json check: 3 external URLs not checked (https://one.acme.dev/, …): the check's time budget ran out\n",
  ]);
});
