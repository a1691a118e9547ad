import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { describe, it } from 'node:test';
import { isLoopbackHost } from '../../api/src/base-url';
import { createDocsApiClient } from '../../api/src/client';
import { keyKindOf } from '../../api/src/keys';
import { createRedactor } from '../../api/src/redact';
import { Transport } from '../../api/src/transport';
import { ALL_KEYS, clientFor, rejection, SERVICE_KEYS, VirtualClock, withService } from './helpers';

function countingTransport(): { transport: Transport; calls: () => number } {
  let calls = 0;
  return {
    transport: async () => {
      calls++;
      throw new Error('no request should have been made');
    },
    calls: () => calls,
  };
}

describe('keys by kind', () => {
  it('tells admin keys from assistant keys by prefix', () => {
    assert.equal(keyKindOf('svc_abc'), 'admin');
    assert.equal(keyKindOf('svc_dsc_abc'), 'assistant');
    assert.equal(keyKindOf('sk_abc'), undefined);
  });

  it("tells both namings apart: the platform's mint_ (admin), mint_dsc_ (assistant) and mint_us_ (index) keys", () => {
    assert.equal(keyKindOf('mint_abc'), 'admin');
    assert.equal(keyKindOf('mint_dsc_abc'), 'assistant');
    assert.equal(keyKindOf('mint_us_abc'), 'index');
    assert.equal(keyKindOf('minty_abc'), undefined);
  });

  it('refuses an index key and a key of the other kind under either naming, before any request', async () => {
    const spy = countingTransport();
    const base = { baseUrl: 'https://api.docs.invalid', transport: spy.transport };
    const index = await rejection(createDocsApiClient({ ...base, adminKey: 'mint_us_4f8a2c9e1b7d' }).triggerUpdate('p'));
    assert.equal(index.kind, 'wrong-key-kind');
    assert.equal(index.message, 'Trigger update failed: it needs an admin API key (mint_… or svc_…, not …dsc_…), but the key given for it is a search-index key (mint_us_…), which no service command takes');
    const indexForSearch = await rejection(createDocsApiClient({ ...base, assistantKey: 'mint_us_4f8a2c9e1b7d' }).search({ domain: 'd', query: 'q' }));
    assert.match(indexForSearch.message, /needs an assistant API key .* is a search-index key \(mint_us_…\)/);
    const assistantAsAdmin = await rejection(createDocsApiClient({ ...base, adminKey: 'mint_dsc_4f8a2c9e1b7d' }).deployPreview('p', 'b'));
    assert.match(assistantAsAdmin.message, /^Deploy preview failed: it needs an admin API key .*, but the key given for it is an assistant API key$/);
    const adminAsAssistant = await rejection(createDocsApiClient({ ...base, assistantKey: 'mint_4f8a2c9e1b7d' }).askAssistant({ domain: 'd', message: 'm' }));
    assert.match(adminAsAssistant.message, /^Assistant message failed: it needs an assistant API key .*, but the key given for it is an admin API key$/);
    for (const error of [index, indexForSearch, assistantAsAdmin, adminAsAssistant]) assert.ok(!error.message.includes('4f8a2c9e1b7d'), error.message);
    assert.equal(spy.calls(), 0);
  });

  it('refuses the wrong kind of key before any request, saying which key is needed', async () => {
    const spy = countingTransport();
    const swapped = createDocsApiClient({ baseUrl: 'https://api.docs.invalid', adminKey: SERVICE_KEYS.assistant, assistantKey: SERVICE_KEYS.admin, transport: spy.transport });
    const cases: Array<[() => Promise<unknown>, string]> = [
      [() => swapped.triggerUpdate('acme-docs'), 'Trigger update failed: it needs an admin API key (mint_… or svc_…, not …dsc_…), but the key given for it is an assistant API key'],
      [() => swapped.getUpdateStatus('s'), 'Get update status failed: it needs an admin API key (mint_… or svc_…, not …dsc_…), but the key given for it is an assistant API key'],
      [() => swapped.createAgentJob('p', 'x'), 'Create agent job failed: it needs an admin API key (mint_… or svc_…, not …dsc_…), but the key given for it is an assistant API key'],
      [() => swapped.askAssistant({ domain: 'd', message: 'm' }), 'Assistant message failed: it needs an assistant API key (mint_dsc_… or svc_dsc_…), but the key given for it is an admin API key'],
      [() => swapped.search({ domain: 'd', query: 'q' }), 'Search failed: it needs an assistant API key (mint_dsc_… or svc_dsc_…), but the key given for it is an admin API key'],
    ];
    for (const [call, message] of cases) {
      const error = await rejection(call());
      assert.equal(error.kind, 'wrong-key-kind');
      assert.equal(error.message, message);
    }
    const notAKey = await rejection(createDocsApiClient({ baseUrl: 'https://api.docs.invalid', adminKey: 'ghp_123456', transport: spy.transport }).triggerUpdate('p'));
    assert.equal(notAKey.kind, 'wrong-key-kind');
    assert.match(notAKey.message, /is not an API key \(it starts with none of mint_, svc_\)/);
    assert.ok(!notAKey.message.includes('ghp_123456'));
    assert.equal(spy.calls(), 0);
  });

  it('asks for a missing key or base URL, inventing no host', async () => {
    const spy = countingTransport();
    const noKey = await rejection(createDocsApiClient({ baseUrl: 'https://api.docs.invalid', transport: spy.transport }).search({ domain: 'd', query: 'q' }));
    assert.equal(noKey.kind, 'config');
    assert.equal(noKey.message, 'Search failed: it needs an assistant API key (mint_dsc_… or svc_dsc_…), and none is configured');
    for (const baseUrl of [undefined, '', '   ']) {
      const noUrl = await rejection(createDocsApiClient({ baseUrl, adminKey: SERVICE_KEYS.admin, transport: spy.transport }).triggerUpdate('p'));
      assert.equal(noUrl.kind, 'config');
      assert.equal(noUrl.message, 'Trigger update failed: no API base URL is configured: give the base URL of the documentation service (https://…)');
    }
    for (const baseUrl of ['not a url', 'ftp://files.example', 'https://user:pw@api.example']) {
      assert.equal((await rejection(createDocsApiClient({ baseUrl, adminKey: SERVICE_KEYS.admin, transport: spy.transport }).triggerUpdate('p'))).kind, 'config', baseUrl);
    }
    assert.equal(spy.calls(), 0);
  });

  it('retry attempts outside 3 to 5 are refused', () => {
    for (const maxAttempts of [2, 6, 3.5]) {
      assert.throws(() => createDocsApiClient({ baseUrl: 'https://x.invalid', retry: { maxAttempts } }), { name: 'ApiError', kind: 'config' });
    }
  });
});

describe('plain http only to loopback', () => {
  it('refuses a non-loopback http URL without making a request', async () => {
    // A request to docs.invalid would fail as 'network' (no such host); 'insecure-url' proves none was made.
    const spy = countingTransport();
    const client = createDocsApiClient({ baseUrl: 'http://docs.invalid:8080', adminKey: SERVICE_KEYS.admin, transport: spy.transport });
    const error = await rejection(client.triggerUpdate('acme-docs'));
    assert.equal(error.kind, 'insecure-url');
    assert.equal(error.message, 'Trigger update failed: refusing to send an API key over plain http to docs.invalid:8080: use https:// (plain http is allowed only for localhost, 127.0.0.0/8 and ::1)');
    assert.equal(spy.calls(), 0);
    const real = await rejection(createDocsApiClient({ baseUrl: 'http://docs.invalid:8080', adminKey: SERVICE_KEYS.admin }).triggerUpdate('acme-docs'));
    assert.equal(real.kind, 'insecure-url');
  });

  it('knows the loopback hosts', () => {
    for (const host of ['localhost', 'LOCALHOST', 'api.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1', '[::ffff:7f00:1]', 'localhost.']) assert.ok(isLoopbackHost(host), host);
    for (const host of ['example.com', '10.0.0.1', '128.0.0.1', '[::2]', 'localhost.example.com', '127.0.0.1.example.com', '0.0.0.0']) assert.ok(!isLoopbackHost(host), host);
  });

  it('sends over http to 127.0.0.1', () =>
    withService({}, async (service) => {
      assert.match(service.url, /^http:\/\/127\.0\.0\.1:/);
      assert.ok((await clientFor(service).triggerUpdate('acme-docs')).statusId);
    }));
});

describe('keys never appear in logs or errors', () => {
  it('redacts the exact keys, anything shaped like svc_…, and bearer tokens', () => {
    const redact = createRedactor(['custom-secret-key']);
    assert.equal(redact('a custom-secret-key b'), 'a [redacted] b');
    assert.equal(redact('key=svc_dsc_abc-123.x, other svc_zz9zzzzz'), 'key=svc_[redacted], other svc_[redacted]');
    assert.equal(redact('needs svc_… or svc_dsc_…'), 'needs svc_… or svc_dsc_…');
    assert.equal(redact('Authorization: Bearer abc.def'), 'Authorization: Bearer [redacted]');
  });

  it('holds across every operation, success and failure, even when the service echoes the key', () =>
    withService({ echoAuthorization: true }, async (service) => {
      const lines: string[] = [];
      const texts: string[] = [];
      const client = clientFor(service, { logger: (line) => lines.push(line), clock: new VirtualClock() });
      const wrongOrg = clientFor(service, { logger: (line) => lines.push(line), adminKey: SERVICE_KEYS.otherAdmin, assistantKey: SERVICE_KEYS.otherAssistant });
      const unknown = clientFor(service, { logger: (line) => lines.push(line), adminKey: 'svc_unregistered_9f8e7d' });
      const swapped = clientFor(service, { logger: (line) => lines.push(line), adminKey: SERVICE_KEYS.assistant, assistantKey: SERVICE_KEYS.admin });
      service.injectFault({ type: 'rate-limit', times: 2, match: { path: '/v1/search' } });
      service.injectFault({ type: 'server-error', match: { path: '/v1/project/update-status/' }, times: 2 });
      const calls: Array<Promise<unknown>> = [
        client.triggerUpdate('acme-docs'),
        client.getUpdateStatus('upd_missing'),
        client.search({ domain: 'docs.acme.test', query: 'deploy' }),
        client.askAssistant({ domain: 'docs.acme.test', message: 'deploy?' }),
        client.createAgentJob('nope', 'x'),
        wrongOrg.triggerUpdate('acme-docs'),
        wrongOrg.search({ domain: 'docs.acme.test', query: 'x' }),
        unknown.triggerUpdate('acme-docs'),
        swapped.triggerUpdate('acme-docs'),
        swapped.search({ domain: 'docs.acme.test', query: 'x' }),
      ];
      const settled = await Promise.allSettled(calls);
      const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []));
      assert.ok(failures.length >= 6, `${failures.length} failures`);
      for (const error of failures) texts.push(error.message, String(error.stack), inspect(error), JSON.stringify(error));
      const all = [...lines, ...texts].join('\n');
      assert.ok(lines.length >= 8, `${lines.length} log lines`);
      assert.ok(all.includes('[redacted]'), 'the service echoed a key and it was redacted');
      for (const key of [...ALL_KEYS, 'svc_unregistered_9f8e7d']) assert.ok(!all.includes(key), `a key leaked:\n${all}`);
    }));
});
