import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Answer, call } from './raw-call';
import { LocalService, SERVICE_KEYS, startService } from './service';

function assertErrorBody(answer: Answer, status: number, code: string, field?: string): void {
  assert.equal(answer.status, status, answer.text);
  assert.match(String(answer.headers['content-type']), /^application\/json/);
  const body = answer.json();
  assert.equal(body.error.code, code);
  assert.equal(typeof body.error.message, 'string');
  if (field) assert.equal(body.error.details.field, field);
}

describe('local service: authentication, errors, lifecycles', () => {
  let time = Date.parse('2026-02-01T00:00:00Z');
  let service: LocalService;
  before(async () => {
    service = await startService({ clock: { now: () => time }, updateTiming: { queuedMs: 1000, inProgressMs: 5000 }, agentJobMs: 10_000, limits: { admin: 5, assistant: 8 } });
  });
  after(() => service.close());

  it('401 without a key or with an unknown key, in SPEC error body shape', async () => {
    assertErrorBody(await call(service, 'POST', '/v1/project/update/acme-docs', { key: null }), 401, 'unauthorized');
    assertErrorBody(await call(service, 'POST', '/v1/project/update/acme-docs', { key: 'svc_unknown_123' }), 401, 'unauthorized');
  });

  it('403 for the wrong kind of key and for another organization', async () => {
    assertErrorBody(await call(service, 'POST', '/v1/project/update/acme-docs', { key: SERVICE_KEYS.assistant }), 403, 'forbidden', 'Authorization');
    assertErrorBody(await call(service, 'POST', '/v1/search/docs.acme.test', { key: SERVICE_KEYS.admin, body: '{"query":"x"}' }), 403, 'forbidden');
    assertErrorBody(await call(service, 'POST', '/v1/project/update/acme-docs', { key: SERVICE_KEYS.otherAdmin }), 403, 'forbidden', 'projectId');
  });

  it('404 for unknown endpoints, projects, updates and jobs', async () => {
    assertErrorBody(await call(service, 'GET', '/v1/nothing'), 404, 'not_found');
    assertErrorBody(await call(service, 'POST', '/v1/project/update/ghost'), 404, 'not_found', 'projectId');
    assertErrorBody(await call(service, 'GET', '/v1/project/update-status/upd_ghost'), 404, 'not_found', 'statusId');
    assertErrorBody(await call(service, 'GET', '/v2/agent/acme-docs/job/job_ghost'), 404, 'not_found', 'jobId');
  });

  it('400 with details for bodies that are not JSON or miss a field', async () => {
    service.resetRateLimits();
    const key = SERVICE_KEYS.assistant;
    assertErrorBody(await call(service, 'POST', '/v1/assistant/message', { key, body: '{nope' }), 400, 'invalid_request', 'body');
    assertErrorBody(await call(service, 'POST', '/v1/assistant/message', { key, body: '{"domain":"docs.acme.test"}' }), 400, 'invalid_request', 'message');
    assertErrorBody(await call(service, 'POST', '/v1/assistant/message', { key, body: 'x', contentType: 'text/plain' }), 400, 'invalid_request', 'Content-Type');
    assertErrorBody(await call(service, 'POST', '/v1/search/docs.acme.test', { key, body: '{"query":"x","pageSize":0}' }), 400, 'invalid_request', 'pageSize');
  });

  it('counts requests per minute per organization and key class, answering 429', async () => {
    service.resetRateLimits();
    for (let i = 0; i < 5; i++) assert.equal((await call(service, 'GET', '/v1/project/update-status/upd_ghost')).status, 404);
    const limited = await call(service, 'GET', '/v1/project/update-status/upd_ghost');
    assertErrorBody(limited, 429, 'rate_limited');
    assert.equal(limited.headers['retry-after'], undefined);
    assert.equal((await call(service, 'POST', '/v1/search/docs.acme.test', { key: SERVICE_KEYS.assistant, body: '{"query":"deploy"}' })).status, 200, 'assistant class is separate');
    assert.equal((await call(service, 'POST', '/v1/project/update/other-docs', { key: SERVICE_KEYS.otherAdmin })).status, 202, 'other organization is separate');
    time += 59_000;
    assert.equal((await call(service, 'GET', '/v1/project/update-status/upd_ghost')).status, 429);
    time += 1_001;
    assert.equal((await call(service, 'GET', '/v1/project/update-status/upd_ghost')).status, 404);
  });

  it('an update goes queued → in_progress → success with growing logs; acme-broken fails', async () => {
    service.resetRateLimits();
    const { statusId } = (await call(service, 'POST', '/v1/project/update/acme-docs')).json();
    const read = async () => (await call(service, 'GET', `/v1/project/update-status/${statusId}`)).json();
    const queued = await read();
    assert.deepEqual([queued.status, queued.logs.length, queued.endedAt], ['queued', 1, null]);
    time += 1000;
    const running = await read();
    assert.deepEqual([running.status, running.logs.length], ['in_progress', 4]);
    time += 5000;
    const done = await read();
    assert.equal(done.status, 'success');
    assert.equal(done.logs.length, 5);
    assert.equal(typeof done.endedAt, 'string');
    assert.deepEqual(Object.keys(done).sort(), ['_id', 'author', 'commit', 'createdAt', 'endedAt', 'logs', 'projectId', 'source', 'status', 'subdomain', 'summary']);

    service.resetRateLimits();
    const broken = (await call(service, 'POST', '/v1/project/update/acme-broken')).json();
    time += 6000;
    assert.equal((await call(service, 'GET', `/v1/project/update-status/${broken.statusId}`)).json().status, 'failure');
    assertErrorBody(await call(service, 'GET', `/v1/project/update-status/${statusId}`, { key: SERVICE_KEYS.otherAdmin }), 403, 'forbidden');
  });

  it('agent jobs: active, follow-ups, then completed with a PR link and no more messages', async () => {
    service.resetRateLimits();
    const job = (await call(service, 'POST', '/v2/agent/acme-docs/job', { body: '{"prompt":"Fix links"}' })).json();
    assert.equal(job.status, 'active');
    assert.equal((await call(service, 'POST', `/v2/agent/acme-docs/job/${job.id}/message`, { body: '{"prompt":"and images"}' })).status, 200);
    assertErrorBody(await call(service, 'POST', `/v2/agent/acme-docs/job/${job.id}/message`, { body: '{}' }), 400, 'invalid_request', 'prompt');
    time += 10_000;
    const done = (await call(service, 'GET', `/v2/agent/acme-docs/job/${job.id}`)).json();
    assert.equal(done.status, 'completed');
    assert.match(done.prLink, /^https:\/\//);
    assertErrorBody(await call(service, 'POST', `/v2/agent/acme-docs/job/${job.id}/message`, { body: '{"prompt":"more"}' }), 400, 'invalid_request', 'jobId');
    service.setAgentOutcome('failed');
    service.resetRateLimits();
    const failing = (await call(service, 'POST', '/v2/agent/acme-docs/job', { body: '{"prompt":"x"}' })).json();
    time += 10_000;
    assert.equal((await call(service, 'GET', `/v2/agent/acme-docs/job/${failing.id}`)).json().status, 'failed');
  });

  it('streams the answer as AI-SDK data-stream lines or SSE, or answers JSON', async () => {
    service.resetRateLimits();
    const ask = () => call(service, 'POST', '/v1/assistant/message', { key: SERVICE_KEYS.assistant, body: '{"domain":"docs.acme.test","message":"quickstart"}' });
    service.setAssistantFormat('data-stream');
    const lines = (await ask()).text.trim().split('\n');
    assert.match(lines[0], /^f:\{"messageId":/);
    assert.ok(lines.slice(1, -1).every((line) => /^0:".*"$/.test(line)));
    assert.match(lines.at(-1)!, /^d:\{"finishReason":"stop","threadId":"thr_\d+"\}$/);
    service.setAssistantFormat('sse');
    const sse = await ask();
    assert.match(String(sse.headers['content-type']), /^text\/event-stream/);
    assert.match(sse.text, /data: \{"type":"text-delta","id":"t0","delta":"About /);
    assert.ok(sse.text.endsWith('data: [DONE]\n\n'));
    service.setAssistantFormat('json');
    assert.match((await ask()).json().answer, /see Quickstart \(\/quickstart\)/);
  });
});

describe('local service: faults', () => {
  let service: LocalService;
  before(async () => {
    service = await startService();
  });
  after(() => service.close());

  it('429 with and without Retry-After, then normal again', async () => {
    service.injectFault({ type: 'rate-limit', retryAfter: '2', match: { method: 'POST' } });
    service.injectFault({ type: 'rate-limit', match: { path: /update-status/ } });
    const first = await call(service, 'POST', '/v1/project/update/acme-docs');
    assertErrorBody(first, 429, 'rate_limited');
    assert.equal(first.headers['retry-after'], '2');
    const second = await call(service, 'GET', '/v1/project/update-status/x');
    assert.equal(second.status, 429);
    assert.equal(second.headers['retry-after'], undefined);
    assert.equal((await call(service, 'POST', '/v1/project/update/acme-docs')).status, 202);
  });

  it('500 with a JSON, empty or HTML body; non-JSON 200', async () => {
    service.injectFault({ type: 'server-error' });
    assertErrorBody(await call(service, 'GET', '/x'), 500, 'internal_error');
    service.injectFault({ type: 'server-error', body: 'empty' });
    assert.deepEqual([(await call(service, 'GET', '/x')).status, (await call(service, 'GET', '/x')).status], [500, 404]);
    service.injectFault({ type: 'non-json' });
    const html = await call(service, 'GET', '/x');
    assert.equal(html.status, 200);
    assert.throws(() => html.json());
  });

  it('drops connections, and streams a huge body until the client leaves', async () => {
    service.injectFault({ type: 'drop' });
    await assert.rejects(call(service, 'GET', '/x'), /socket hang up|ECONNRESET/);
    const huge = service.injectFault({ type: 'huge', bytes: 5 * 1024 * 1024, withLength: true });
    const answer = await call(service, 'GET', '/x');
    assert.equal(answer.headers['content-length'], String(5 * 1024 * 1024));
    assert.equal(answer.text.length, 5 * 1024 * 1024);
    assert.equal(huge.bytesSent, 5 * 1024 * 1024);
  });

  it('close() ends held streams and trickling connections', async () => {
    const own = await startService();
    own.injectFault({ type: 'trickle', intervalMs: 10 });
    const pending = call(own, 'GET', '/x').catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The trickle never ends by itself: close() returning is what is tested (else the test's timeout).
    await own.close();
    assert.ok((await pending) instanceof Error);
  });
});
