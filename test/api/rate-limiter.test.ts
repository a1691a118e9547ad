import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RateLimiter } from '../../api/src/rate-limiter';
import { clientFor, trackingTransport, VirtualClock, withService } from './helpers';

describe('client-side rate limiter', () => {
  it('lets 100 admin requests through per window, then waits for the oldest to leave it', async () => {
    const clock = new VirtualClock(0);
    const limiter = new RateLimiter({ clock });
    for (let i = 0; i < 100; i++) await limiter.acquire('admin');
    assert.equal(clock.sleeps.length, 0);
    await limiter.acquire('assistant');
    assert.equal(clock.sleeps.length, 0, 'the assistant class has its own budget');
    await limiter.acquire('admin');
    assert.deepEqual(clock.sleeps, [61_000]);
    assert.equal(limiter.inWindow('admin'), 1);
  });

  it('allows 1000 assistant requests per window', async () => {
    const clock = new VirtualClock(0);
    const limiter = new RateLimiter({ clock });
    for (let i = 0; i < 1000; i++) await limiter.acquire('assistant');
    assert.equal(clock.sleeps.length, 0);
    await limiter.acquire('assistant');
    assert.equal(clock.sleeps.length, 1);
  });

  it('a wait is cancellable', async () => {
    const limiter = new RateLimiter({ limits: { admin: 1 }, windowMs: 60_000 });
    await limiter.acquire('admin');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await assert.rejects(limiter.acquire('admin', controller.signal));
  });

  async function burst(limiter: (clock: VirtualClock) => RateLimiter) {
    const tracker = trackingTransport();
    const clock = new VirtualClock(Date.parse('2026-01-01T00:00:00Z'), tracker.idle);
    return withService({ clock }, async (service) => {
      const client = clientFor(service, { clock, limiter: limiter(clock), transport: tracker.transport, retry: { maxAttempts: 3 } });
      const { statusId } = await client.triggerUpdate('acme-docs');
      const results = await Promise.allSettled(Array.from({ length: 300 }, () => client.getUpdateStatus(statusId)));
      return { results, requests: service.requests, elapsed: clock.now() - Date.parse('2026-01-01T00:00:00Z') };
    });
  }

  it('a burst of 300 admin calls: no 429 from the service, every call succeeds, over three windows', async () => {
    const { results, requests, elapsed } = await burst((clock) => new RateLimiter({ clock }));
    assert.equal(results.filter((r) => r.status === 'rejected').length, 0);
    assert.equal(requests.filter((r) => r.status === 429).length, 0);
    assert.equal(requests.length, 301);
    assert.ok(elapsed >= 3 * 61_000 && elapsed < 4 * 61_000, `${elapsed} ms`);
    for (const request of requests) {
      const inMinute = requests.filter((other) => other.at <= request.at && other.at > request.at - 60_000).length;
      assert.ok(inMinute <= 100, `${inMinute} requests in the minute before ${request.at}`);
    }
  });

  it('without the limiter the same burst meets 429s that reach the caller (the control)', async () => {
    const { results, requests } = await burst((clock) => new RateLimiter({ clock, limits: { admin: 10_000 } }));
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    assert.ok(rejected.length > 0);
    assert.ok(rejected.every((r) => r.reason.kind === 'rate-limited'));
    assert.ok(requests.some((r) => r.status === 429));
  });
});
