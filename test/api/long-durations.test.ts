// Issue 16, item 15: a timer of more than 2^31-1 ms (24.8 days) fired after 1 ms, so `--timeout 2147484` failed at
// once and `--interval 3000000` polled about a hundred times a minute.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { realClock, startTimer } from '../../api/src/clock';
import { CliIO } from '../../cli/src/io';
import { main } from '../../cli/src/main';
import { LocalService, startService } from '../service/service';
import { clientFor, rejection, SERVICE_KEYS, VirtualClock } from './helpers';

const BEYOND_A_TIMER_MS = 2 ** 31 + 5000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('durations beyond 24.8 days', () => {
  let service: LocalService;
  before(async () => {
    service = await startService({ updateTiming: { queuedMs: 10_000, inProgressMs: 10_000 } });
  });
  after(() => service.close());

  it('a timer longer than Node holds does not fire early; a short one fires', async () => {
    let long = false;
    let short = false;
    const stopLong = startTimer(() => (long = true), BEYOND_A_TIMER_MS);
    const stopShort = startTimer(() => (short = true), 5);
    await pause(60);
    stopLong();
    stopShort();
    assert.equal(long, false);
    assert.equal(short, true);
  });

  it('realClock.sleep beyond 24.8 days waits (until cancelled)', async () => {
    const controller = new AbortController();
    let resolved = false;
    const sleeping = realClock.sleep(BEYOND_A_TIMER_MS, controller.signal).then(() => (resolved = true), () => 'cancelled');
    await pause(60);
    controller.abort();
    assert.equal(await sleeping, 'cancelled');
    assert.equal(resolved, false);
  });

  it('docs-json status --timeout 2147484 answers (it failed at once with a timeout)', async () => {
    service.injectFault({ type: 'delay', ms: 80 });
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIO = {
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      env: { DOCS_API_BASE_URL: service.url, DOCS_ADMIN_API_KEY: SERVICE_KEYS.admin },
      isTTY: false,
      cwd: process.cwd(),
    };
    const { statusId } = await clientFor(service).triggerUpdate('acme-docs');
    assert.equal(await main(['status', statusId, '--timeout', '2147484'], io), 0, err.join(''));
    assert.match(out.join(''), /^Update upd_\S+ of acme-docs: queued\n/);
  });

  it('waitForUpdate with an interval of 3,000,000 s polls once, then waits', async () => {
    const { statusId } = await clientFor(service).triggerUpdate('acme-docs');
    const before = service.requests.length;
    const controller = new AbortController();
    const waiting = rejection(clientFor(service, { clock: realClock }).waitForUpdate(statusId, { intervalMs: 3_000_000_000, maxWaitMs: 10 * 3_000_000_000, signal: controller.signal }));
    await pause(300);
    controller.abort();
    assert.equal((await waiting).kind, 'cancelled');
    assert.equal(service.requests.length - before, 1, 'status reads in 300 ms');
  });

  // Issue 22, low items: this gave up after one poll (0.1 s) and said it had waited 1800 s.
  it('an interval longer than the longest wait: polled again at the end of the wait, which the message states', async () => {
    const clock = new VirtualClock();
    const slow = await startService({ updateTiming: { queuedMs: 10, inProgressMs: 10_000_000_000 }, clock });
    try {
      const client = clientFor(slow, { clock });
      const { statusId } = await client.triggerUpdate('acme-docs');
      const error = await rejection(client.waitForUpdate(statusId, { intervalMs: 3_000_000_000, maxWaitMs: 1_800_000 }));
      assert.equal(error.kind, 'timeout');
      assert.match(error.message, /had not ended after 1800 s/);
      assert.deepEqual(clock.sleeps, [1_800_000]);
    } finally {
      await slow.close();
    }
  });

  it('a duration that is not a number of ms is refused when the client is made', () => {
    for (const timeoutMs of [NaN, -1]) assert.throws(() => clientFor(service, { timeoutMs }), /timeoutMs must be a number of milliseconds from 0 up/);
  });
});
