// Issue 16, item 6: `api.localhost` or `localhost.` over plain http went wherever a hosts entry or DNS pointed it,
// with the admin key. The resolver is injected here: nothing is sent off this machine, and every address a test
// resolver gives that is not loopback is refused before any connection.
import { leakGuard } from '../helpers/key-leak-guard';
import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { after, before, describe, it } from 'node:test';
import { createNodeTransport, HostResolver, loopbackOnlyLookup } from '../../api/src/transport';
import { LocalService, startService } from '../service/service';
import { clientFor, rejection } from './helpers';

function resolver(addresses: string[]): HostResolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}

function lookup(addresses: string[], all: boolean): Promise<{ error?: Error; result?: string | LookupAddress[] }> {
  return new Promise((resolve) => {
    loopbackOnlyLookup(resolver(addresses))('api.localhost', { all }, (error: NodeJS.ErrnoException | null, address: string | LookupAddress[]) =>
      resolve(error ? { error } : { result: address }),
    );
  });
}

describe('plain http: a name is loopback only when it resolves to loopback', () => {
  it('a name resolving outside this machine is refused before connecting, one address or several', async () => {
    for (const all of [false, true]) {
      for (const addresses of [['10.1.2.3'], ['127.0.0.1', '192.0.2.7'], ['::ffff:10.0.0.1'], []]) {
        const { error } = await lookup(addresses, all);
        assert.ok(error, `${addresses.join(',')} (all: ${all}) was accepted`);
        assert.equal((error as { kind?: string }).kind, 'insecure-url');
      }
    }
    assert.match(String((await lookup(['10.1.2.3'], false)).error?.message), /^refusing to send an API key over plain http to api\.localhost: it resolves to 10\.1\.2\.3, which is not this machine \(use https:\/\/\)$/);
  });

  it('loopback answers pass, in the shape the caller asked for', async () => {
    assert.deepEqual(await lookup(['127.0.0.2'], false), { result: '127.0.0.2' });
    assert.deepEqual(await lookup(['127.0.0.1', '::1'], true), { result: [{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }] });
  });

  describe('through the client', () => {
    let service: LocalService;
    before(async () => {
      service = await startService();
    });
    after(() => service.close());
    const hostUrl = (host: string) => service.url.replace('127.0.0.1', host);

    it('api.localhost and localhost. resolving to 127.0.0.1 reach the service at that address', async () => {
      for (const host of ['api.localhost', 'localhost.']) {
        const resolve = resolver(['127.0.0.1']);
        const client = clientFor({ url: hostUrl(host) }, { transport: createNodeTransport({ resolve }) });
        assert.ok((await client.triggerUpdate('acme-docs')).statusId);
        assert.deepEqual(resolve.asked, [host]);
      }
    });

    it('api.localhost resolving to an address off this machine (beside a loopback one): refused, nothing sent', async () => {
      const before = service.requests.length;
      const resolve = resolver(['127.0.0.1', '10.9.8.7']);
      const client = clientFor({ url: hostUrl('api.localhost') }, { transport: createNodeTransport({ resolve }) });
      const error = await rejection(client.triggerUpdate('acme-docs'));
      leakGuard.record(error);
      assert.equal(error.kind, 'insecure-url');
      assert.match(error.message, /^Trigger update failed: refusing to send an API key over plain http to api\.localhost: it resolves to 10\.9\.8\.7/);
      assert.equal(service.requests.length, before, 'no request reached even the loopback address');
    });
  });
});
