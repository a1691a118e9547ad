// The second local service, against the facts of ../shared/notes/platform-api.md, operation by operation.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Answer, call } from './raw-call';
import { LocalService, SERVICE_KEYS, startService } from './service';

function assertError(answer: Answer, status: number): void {
  assert.equal(answer.status, status, answer.text);
  assert.match(String(answer.headers['content-type']), /^application\/json/);
  assert.equal(typeof answer.json().error, 'string', answer.text);
}

describe('published local service: every operation of the platform\'s documents', () => {
  let time = Date.parse('2026-03-01T00:00:00Z');
  let service: LocalService;
  const admin = SERVICE_KEYS.mintAdmin;
  const assistant = SERVICE_KEYS.mintAssistant;
  before(async () => {
    service = await startService({ api: 'published', clock: { now: () => time }, updateTiming: { queuedMs: 1000, inProgressMs: 5000 }, agentJobMs: 10_000, limits: { admin: 10, assistant: 1000 } });
  });
  after(() => service.close());

  it('401 without or with an unknown key, 403 for the wrong kind (an index key is no key here), { error } bodies', async () => {
    assertError(await call(service, 'POST', '/v1/project/update/acme-docs', { key: null }), 401);
    assertError(await call(service, 'POST', '/v1/project/update/acme-docs', { key: SERVICE_KEYS.mintIndex }), 401);
    assertError(await call(service, 'POST', '/v1/project/update/acme-docs', { key: assistant }), 403);
    assertError(await call(service, 'POST', '/discovery/v1/search/docs.acme.test', { key: admin, body: '{"query":"x"}' }), 403);
    assertError(await call(service, 'POST', '/v1/search/docs.acme.test', { key: assistant, body: '{"query":"x"}' }), 404);
  });

  it('update: 202 { statusId }; its status has every field the document lists, author as an object', async () => {
    service.resetRateLimits();
    for (const key of [admin, SERVICE_KEYS.admin]) {
      const started = await call(service, 'POST', '/v1/project/update/acme-docs', { key });
      assert.equal(started.status, 202);
      assert.deepEqual(Object.keys(started.json()), ['statusId']);
    }
    const { statusId } = (await call(service, 'POST', '/v1/project/update/acme-docs', { key: admin })).json();
    time += 6000;
    const status = (await call(service, 'GET', `/v1/project/update-status/${statusId}`, { key: admin })).json();
    const fields = ['_id', 'projectId', 'createdAt', 'endedAt', 'status', 'summary', 'logs', 'subdomain', 'screenshot', 'screenshotLight', 'screenshotDark', 'author', 'commit', 'source'];
    assert.deepEqual(Object.keys(status).sort(), fields.sort());
    assert.equal(status.status, 'success');
    assert.deepEqual(Object.keys(status.author), ['name', 'avatarUrl', 'githubUserId']);
    assert.deepEqual(Object.keys(status.commit.filesChanged), ['added', 'modified', 'removed']);
  });

  it('preview: { branch } required, 202 { statusId, previewUrl }, followed with update-status to its own URL', async () => {
    service.resetRateLimits();
    assertError(await call(service, 'POST', '/v1/project/preview/acme-docs', { key: admin, body: '{}' }), 400);
    assertError(await call(service, 'POST', '/v1/project/preview/other-docs', { key: admin, body: '{"branch":"x"}' }), 403);
    const started = await call(service, 'POST', '/v1/project/preview/acme-docs', { key: admin, body: '{"branch":"feature/New-Page"}' });
    assert.equal(started.status, 202);
    const { statusId, previewUrl } = started.json();
    assert.equal(previewUrl, 'https://acme-docs-feature-new-page.preview.docs.test');
    time += 6000;
    const status = (await call(service, 'GET', `/v1/project/update-status/${statusId}`, { key: admin })).json();
    assert.equal(status.logs.at(-1), `Deployed to ${previewUrl}`);
  });

  it('workflow trigger: 202 { schemaId, instanceId, jobId }; 404 { error } for an unknown workflow', async () => {
    service.resetRateLimits();
    const run = await call(service, 'POST', '/v1/workflow/acme-docs/wf_translate/trigger', { key: admin });
    assert.equal(run.status, 202);
    assert.deepEqual(Object.keys(run.json()), ['schemaId', 'instanceId', 'jobId']);
    assertError(await call(service, 'POST', '/v1/workflow/acme-docs/wf_ghost/trigger', { key: admin }), 404);
  });

  it('agent v2: 201 job with its documented fields, read back, follow-ups until it completed, 404 { error }', async () => {
    service.resetRateLimits();
    const created = await call(service, 'POST', '/v2/agent/acme-docs/job', { key: admin, body: '{"prompt":"Fix links"}' });
    assert.equal(created.status, 201);
    const job = created.json();
    assert.deepEqual(Object.keys(job).sort(), ['archivedAt', 'createdAt', 'id', 'model', 'prLink', 'source', 'status'].sort());
    assert.equal(job.status, 'active');
    assertError(await call(service, 'POST', '/v2/agent/acme-docs/job', { key: admin, body: '{}' }), 400);
    assert.equal((await call(service, 'POST', `/v2/agent/acme-docs/job/${job.id}/message`, { key: admin, body: '{"prompt":"and images"}' })).status, 200);
    time += 10_000;
    assert.equal((await call(service, 'GET', `/v2/agent/acme-docs/job/${job.id}`, { key: admin })).json().status, 'completed');
    assertError(await call(service, 'POST', `/v2/agent/acme-docs/job/${job.id}/message`, { key: admin, body: '{"prompt":"more"}' }), 400);
    assertError(await call(service, 'GET', '/v2/agent/acme-docs/job/job_ghost', { key: admin }), 404);
  });

  it('agent v1 (older): a job from messages answered as an event stream, sessions read back with skip and take', async () => {
    service.resetRateLimits();
    assertError(await call(service, 'POST', '/v1/agent/acme-docs/job', { key: admin, body: '{"messages":[{"role":"user"}]}' }), 400);
    const started = await call(service, 'POST', '/v1/agent/acme-docs/job', { key: admin, body: '{"messages":[{"role":"user","content":"Add a FAQ"}],"model":"opus"}' });
    assert.equal(started.status, 200);
    assert.match(String(started.headers['content-type']), /^text\/event-stream/);
    const sessionId = JSON.parse(started.text.split('\n')[0].slice('data: '.length)).sessionId;
    const session = (await call(service, 'GET', `/v1/agent/acme-docs/job/${sessionId}`, { key: admin })).json();
    assert.deepEqual(Object.keys(session), ['sessionId', 'haulted', 'haultReason', 'pullRequestLink', 'messageToUser', 'todos']);
    const listed = (await call(service, 'GET', '/v1/agent/acme-docs/jobs?skip=0&take=100', { key: admin })).json();
    assert.ok(listed.some((item: { sessionId: string }) => item.sessionId === sessionId));
    assert.equal((await call(service, 'GET', '/v1/agent/acme-docs/jobs?skip=0&take=1', { key: admin })).json().length, 1);
  });

  it('discovery: search, page content ({ message } on 404) and the assistant (v1 and v2) with fp and messages', async () => {
    const search = await call(service, 'POST', '/discovery/v1/search/docs.acme.test', { key: assistant, body: '{"query":"preview deploy","pageSize":1}' });
    assert.equal(search.status, 200);
    assert.deepEqual(search.json().map((r: { path: string }) => r.path), ['/guides/deploy/preview']);
    const page = await call(service, 'POST', '/discovery/v1/page/docs.acme.test', { key: assistant, body: '{"path":"/quickstart"}' });
    assert.deepEqual(Object.keys(page.json()), ['path', 'content']);
    const missing = await call(service, 'POST', '/discovery/v1/page/docs.acme.test', { key: assistant, body: '{"path":"/nope"}' });
    assert.equal(missing.status, 404);
    assert.equal(typeof missing.json().message, 'string');
    const message = { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'quickstart?' }] };
    for (const version of ['v1', 'v2']) {
      const path = `/discovery/${version}/assistant/docs.acme.test/message`;
      assertError(await call(service, 'POST', path, { key: assistant, body: JSON.stringify({ messages: [message] }) }), 400);
      assertError(await call(service, 'POST', path, { key: assistant, body: JSON.stringify({ fp: 'f', messages: [{ role: 'user', parts: [] }] }) }), 400);
      const answer = await call(service, 'POST', path, { key: assistant, body: JSON.stringify({ fp: 'f', messages: [message] }) });
      assert.equal(answer.status, 200);
      assert.match(String(answer.headers['content-type']), /^text\/event-stream/);
      assert.match(answer.text, /"type":"text-delta"/);
    }
  });

  it('429 { error } past the admin limit', async () => {
    service.resetRateLimits();
    for (let i = 0; i < 10; i++) await call(service, 'GET', '/v1/project/update-status/upd_ghost', { key: admin });
    assertError(await call(service, 'GET', '/v1/project/update-status/upd_ghost', { key: admin }), 429);
  });
});
