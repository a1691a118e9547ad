import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LocalService, startService } from '../service/service';
import { realClock } from '../../api/src/clock';
import { canned, clientFor, manualClock, rejection, VirtualClock } from './helpers';

const EXAMPLES = path.resolve(__dirname, '../../examples/valid');

describe('client operations against the local service', () => {
  let service: LocalService;
  before(async () => {
    service = await startService({ updateTiming: { queuedMs: 20, inProgressMs: 40 }, agentJobMs: 60 });
  });
  after(() => service.close());

  it('triggers an update and reads its status record', async () => {
    const client = clientFor(service);
    const { statusId } = await client.triggerUpdate('acme-docs');
    assert.match(statusId, /^upd_\d+_acme-docs$/);
    const status = await client.getUpdateStatus(statusId);
    assert.equal(status._id, statusId);
    assert.equal(status.projectId, 'acme-docs');
    // 60 ms after the trigger it has succeeded: a loaded machine may read it that late.
    assert.ok(['queued', 'in_progress', 'success'].includes(status.status), status.status);
    assert.deepEqual(status.logs.slice(0, 1), ['Update queued for acme-docs']);
    assert.equal(status.commit?.ref, 'main');
    const last = service.requests.at(-1)!;
    assert.deepEqual([last.method, last.path, last.keyKind, last.status], ['GET', `/v1/project/update-status/${statusId}`, 'admin', 200]);
  });

  it('sends the bearer key and JSON content type SPEC asks for, and no body to trigger an update', async () => {
    const seen: Array<{ headers: Record<string, string>; body?: string }> = [];
    const client = clientFor(service, {
      transport: async (request) => {
        seen.push({ headers: request.headers, body: request.body });
        return canned(202, '{"statusId":"s1"}');
      },
    });
    await client.triggerUpdate('acme-docs');
    assert.equal(seen[0].headers.Authorization, `Bearer ${service.keys.admin}`);
    assert.equal(seen[0].headers['Content-Type'], 'application/json');
    assert.equal(seen[0].body, undefined);
  });

  it('waits for an update to succeed, reporting each status read', async () => {
    // The service's time moves 20 ms at each status read, not with the machine's speed (issue 32: on a loaded
    // machine the first read came after the update had ended, and no queued or in_progress status was seen).
    const time = manualClock();
    const stepped = await startService({ updateTiming: { queuedMs: 20, inProgressMs: 40 }, clock: time });
    try {
      const client = clientFor(stepped, { clock: realClock });
      const { statusId } = await client.triggerUpdate('acme-docs');
      const seen: string[] = [];
      const final = await client.waitForUpdate(statusId, { intervalMs: 10, onStatus: (status) => seen.push(status.status) && time.advance(20) });
      assert.equal(final.status, 'success');
      assert.equal(final.summary, 'Deployed 8 pages');
      assert.deepEqual(seen, ['queued', 'in_progress', 'in_progress', 'success']);
      assert.ok(final.logs.includes('Deployed to https://acme-docs.docs.test'));
    } finally {
      await stepped.close();
    }
  });

  it('answers a failed update as its final status rather than throwing', async () => {
    const client = clientFor(service, { clock: realClock });
    const { statusId } = await client.triggerUpdate('acme-broken');
    const final = await client.waitForUpdate(statusId, { intervalMs: 10 });
    assert.equal(final.status, 'failure');
    assert.match(final.logs.at(-1)!, /guides\/missing does not exist/);
  });

  it('bounds the wait: an update that does not end fails with kind timeout, polling at the interval and once at the end', async () => {
    const clock = new VirtualClock();
    const slow = await startService({ updateTiming: { queuedMs: 10, inProgressMs: 10_000_000 }, clock });
    try {
      const client = clientFor(slow, { clock });
      const { statusId } = await client.triggerUpdate('acme-docs');
      const error = await rejection(client.waitForUpdate(statusId, { intervalMs: 2000, maxWaitMs: 9000 }));
      assert.equal(error.kind, 'timeout');
      assert.match(error.message, /Wait for update failed: update 'upd_\d+_acme-docs' had not ended after 9 s \(last status: in_progress\)/);
      assert.deepEqual(clock.sleeps, [2000, 2000, 2000, 2000, 1000], 'the last poll at the end of the wait');
      assert.equal(slow.requests.length, 7);
    } finally {
      await slow.close();
    }
  });

  it('searches a site; every path is a page of examples/valid', async () => {
    const client = clientFor(service);
    const results = await client.search({ domain: 'docs.acme.test', query: 'deploy preview' });
    assert.deepEqual(results.map((r) => r.path), ['/guides/deploy/preview', '/guides/deploy/production']);
    assert.equal(results[0].metadata.title, 'Preview deployments');
    for (const result of await client.search({ domain: 'docs.acme.test', query: 'acme cli request authentication key', pageSize: 50 })) {
      assert.ok(fs.existsSync(path.join(EXAMPLES, `${result.path.slice(1)}.mdx`)), `${result.path} has no page file`);
    }
    assert.equal((await client.search({ domain: 'docs.acme.test', query: 'deploy', pageSize: 1 })).length, 1);
    assert.deepEqual(await client.search({ domain: 'docs.acme.test', query: 'kubernetes' }), []);
  });

  it('creates an agent job, reads it, sends a follow-up, and is refused once the job completed', async (t) => {
    // The job runs 60 ms of the service's time, which the test moves (issue 32: a follow-up sent over 60 ms after the
    // job's creation on a loaded machine was refused).
    const time = manualClock();
    const jobs = await startService({ agentJobMs: 60, clock: time });
    t.after(() => jobs.close());
    const client = clientFor(jobs, { clock: realClock });
    const job = await client.createAgentJob('acme-docs', 'Add a page about webhooks');
    assert.match(job.id, /^job_\d+$/);
    assert.equal(job.status, 'active');
    const followed = await client.sendAgentMessage('acme-docs', job.id, 'Link it from the quickstart');
    assert.equal((followed.messages as unknown[]).length, 2);
    time.advance(60);
    const done = await client.getAgentJob('acme-docs', job.id);
    assert.equal(done.status, 'completed');
    assert.match(String(done.prLink), /^https:\/\/git\.example\.test\/acme\/docs\/pull\/\d+$/);
    const error = await rejection(client.sendAgentMessage('acme-docs', job.id, 'One more thing'));
    assert.equal(error.kind, 'bad-request');
    assert.equal(error.status, 400);
    assert.equal(error.field, 'jobId');
    assert.equal(error.reason, 'job is completed');
    assert.match(error.message, /^Agent follow-up message failed: the request was rejected as invalid \(400\): .*\[field 'jobId': job is completed\]$/);
  });

  it('encodes path parameters and refuses ones that would change the path', async () => {
    const client = clientFor(service);
    const error = await rejection(client.getUpdateStatus('a/b?c'));
    assert.equal(error.kind, 'not-found');
    assert.equal(service.requests.at(-1)!.path, '/v1/project/update-status/a%2Fb%3Fc');
    const count = service.requests.length;
    for (const bad of ['..', '.', '', '  ']) {
      const refused = await rejection(client.getUpdateStatus(bad));
      assert.equal(refused.kind, 'invalid-argument', bad);
    }
    assert.equal((await rejection(client.search({ domain: 'docs.acme.test', query: 'x', pageSize: 51 }))).kind, 'invalid-argument');
    assert.equal(service.requests.length, count);
  });

  it('keeps a path prefix of the base URL', async () => {
    const seen: string[] = [];
    const client = clientFor({ url: `${service.url}/api/` }, {
      transport: async (request) => {
        seen.push(request.url.pathname);
        return canned(200, '{"status":"queued","_id":"x"}');
      },
    });
    await client.getUpdateStatus('x');
    assert.deepEqual(seen, ['/api/v1/project/update-status/x']);
  });
});
