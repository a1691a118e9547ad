import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Clock, realClock } from '../../api/src/clock';
import { backoffDelay, parseRetryAfter, retryPolicy } from '../../api/src/retry-policy';
import { LocalService, startService } from '../service/service';
import { clientFor, rejection, VirtualClock } from './helpers';

describe('429: exponential backoff, Retry-After, give-up', () => {
  let service: LocalService;
  before(async () => {
    service = await startService();
  });
  after(() => service.close());

  const requestsDuring = async (action: () => Promise<unknown>) => {
    const before = service.requests.length;
    await action();
    return service.requests.slice(before);
  };

  it('waits 1, 2 and 4 s, then succeeds on the fourth attempt', async () => {
    service.injectFault({ type: 'rate-limit', times: 3 });
    const clock = new VirtualClock();
    const lines: string[] = [];
    const sent = await requestsDuring(async () => {
      assert.ok((await clientFor(service, { clock, logger: (line) => lines.push(line) }).triggerUpdate('acme-docs')).statusId);
    });
    assert.deepEqual(clock.sleeps, [1000, 2000, 4000]);
    assert.deepEqual(sent.map((r) => r.status), [429, 429, 429, 202]);
    assert.match(lines[0], /→ 429 \(\d+ ms\); retry 1\/3 in 1000 ms$/);
  });

  it('gives up after the default 4 attempts with a clear rate-limited error', async () => {
    service.injectFault({ type: 'rate-limit', times: 10 });
    const clock = new VirtualClock();
    let error: Awaited<ReturnType<typeof rejection>> | undefined;
    const sent = await requestsDuring(async () => {
      error = await rejection(clientFor(service, { clock }).triggerUpdate('acme-docs'));
    });
    service.clearFaults();
    assert.equal(error?.kind, 'rate-limited');
    assert.equal(error?.status, 429);
    assert.equal(error?.attempts, 4);
    assert.equal(error?.message, 'Trigger update failed: the rate limit is exceeded (429); gave up after 4 attempts');
    assert.equal(sent.length, 4);
    assert.deepEqual(clock.sleeps, [1000, 2000, 4000]);
  });

  for (const [maxAttempts, waits] of [[3, [1000, 2000]], [5, [1000, 2000, 4000, 8000]]] as const) {
    it(`gives up after ${maxAttempts} attempts when configured so`, async () => {
      service.injectFault({ type: 'rate-limit', times: 10 });
      const clock = new VirtualClock();
      let error: Awaited<ReturnType<typeof rejection>> | undefined;
      const sent = await requestsDuring(async () => {
        error = await rejection(clientFor(service, { clock, retry: { maxAttempts } }).getUpdateStatus('upd_x'));
      });
      service.clearFaults();
      assert.equal(error?.kind, 'rate-limited');
      assert.equal(error?.attempts, maxAttempts);
      assert.equal(sent.length, maxAttempts);
      assert.deepEqual(clock.sleeps, waits);
    });
  }

  it('honours Retry-After in seconds and as an HTTP date', async () => {
    const clock = new VirtualClock(Date.parse('2026-03-01T12:00:00Z'));
    service.injectFault({ type: 'rate-limit', retryAfter: '7' });
    service.injectFault({ type: 'rate-limit', retryAfter: 'Sun, 01 Mar 2026 12:00:10 GMT' });
    await clientFor(service, { clock }).triggerUpdate('acme-docs');
    assert.deepEqual(clock.sleeps, [7000, 3000]);
  });

  it('does not wait for a Retry-After beyond a minute: fails at once and says how long', async () => {
    service.injectFault({ type: 'rate-limit', retryAfter: '3600' });
    const clock = new VirtualClock();
    const error = await rejection(clientFor(service, { clock }).triggerUpdate('acme-docs'));
    assert.equal(error.kind, 'rate-limited');
    assert.equal(error.message, 'Trigger update failed: the rate limit is exceeded (429); the service asks to wait 3600 s');
    assert.deepEqual(clock.sleeps, []);
  });

  // Issue 16 item 16: these made three retries at 0 ms.
  for (const retryAfter of ['0', '-5', 'Thu, 01 Jan 1970 00:00:05 GMT', '-5 s', '']) {
    it(`Retry-After '${retryAfter}' (no wait, or not a wait): the backoff of 1, 2 and 4 s applies`, async () => {
      service.injectFault({ type: 'rate-limit', retryAfter, times: 3 });
      const clock = new VirtualClock();
      assert.ok((await clientFor(service, { clock }).triggerUpdate('acme-docs')).statusId);
      assert.deepEqual(clock.sleeps, [1000, 2000, 4000]);
    });
  }

  // Issue 22, low items: a Retry-After below the backoff made four requests in 12 ms.
  it('a Retry-After shorter than the backoff leaves the backoff in place', async () => {
    service.injectFault({ type: 'rate-limit', retryAfter: '0.001', times: 2 });
    service.injectFault({ type: 'rate-limit', retryAfter: '1' });
    const clock = new VirtualClock();
    assert.ok((await clientFor(service, { clock }).triggerUpdate('acme-docs')).statusId);
    assert.deepEqual(clock.sleeps, [1000, 2000, 4000]);
  });

  it('runs a short schedule on the real clock (a 20 ms base): each retry after its wait ended', async () => {
    service.injectFault({ type: 'rate-limit', times: 3 });
    // The real clock's waits, recorded with the number of requests the service had seen when each one ended: no
    // time is read (issue 32), the order of events shows that every retry waited.
    const waits: [number, number][] = [];
    const start = service.requests.length;
    const clock: Clock = {
      now: realClock.now,
      sleep: async (ms, signal) => {
        const before = service.requests.length;
        await realClock.sleep(ms, signal);
        assert.equal(service.requests.length, before, 'no request while waiting');
        waits.push([ms, service.requests.length - start]);
      },
    };
    assert.ok((await clientFor(service, { clock, retry: { baseDelayMs: 20 } }).triggerUpdate('acme-docs')).statusId);
    assert.deepEqual(waits, [[20, 1], [40, 2], [80, 3]]);
    assert.equal(service.requests.length - start, 4);
  });

  it('the real clock waits until its timer fires, and stops waiting when aborted', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    let done = false;
    const sleeping = realClock.sleep(20).then(() => (done = true));
    t.mock.timers.tick(19);
    await Promise.resolve();
    assert.equal(done, false);
    t.mock.timers.tick(1);
    await sleeping;
    assert.equal(done, true);
    const controller = new AbortController();
    const aborted = realClock.sleep(1000, controller.signal);
    controller.abort(new Error('stop'));
    await assert.rejects(aborted, /stop/);
  });

  it('other errors are not retried; a 5xx only once and only where sending twice is safe', async () => {
    service.injectFault({ type: 'server-error', times: 1 });
    const clock = new VirtualClock();
    const get = await requestsDuring(() => clientFor(service, { clock }).getUpdateStatus('upd_x').catch(() => undefined));
    assert.deepEqual(get.map((r) => r.status), [500, 404]);
    assert.deepEqual(clock.sleeps, [1000]);

    service.injectFault({ type: 'server-error', times: 1 });
    const post = await requestsDuring(() => clientFor(service).triggerUpdate('acme-docs').catch(() => undefined));
    assert.deepEqual(post.map((r) => r.status), [500]);

    const notFound = await requestsDuring(() => clientFor(service).triggerUpdate('nope').catch(() => undefined));
    assert.deepEqual(notFound.map((r) => r.status), [404]);
  });

  it('computes the schedule and parses Retry-After', () => {
    const policy = retryPolicy();
    assert.deepEqual([0, 1, 2].map((retry) => backoffDelay(policy, retry)), [1000, 2000, 4000]);
    assert.equal(policy.maxAttempts, 4);
    assert.equal(parseRetryAfter('2', 0), 2000);
    assert.equal(parseRetryAfter('0.5', 0), 500);
    assert.equal(parseRetryAfter('Thu, 01 Jan 1970 00:00:05 GMT', 1000), 4000);
    assert.equal(parseRetryAfter('Thu, 01 Jan 1970 00:00:05 GMT', 9000), undefined);
    assert.equal(parseRetryAfter('0', 0), undefined);
    assert.equal(parseRetryAfter('-5', 0), undefined);
    assert.equal(parseRetryAfter('soon', 0), undefined);
    assert.equal(parseRetryAfter(undefined, 0), undefined);
  });
});
