// Issue 39: the client in the published form, against the second local service, with keys of both namings.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDocsApiClient } from '../../api/src/client';
import { nodeTransport, TransportRequest } from '../../api/src/transport';
import { leakGuard } from '../helpers/key-leak-guard';
import { LocalService, SERVICE_KEYS, startService } from '../service/service';
import { canned, clientFor, manualClock, rejection, VirtualClock } from './helpers';

const MINT: { adminKey: string; assistantKey: string } = { adminKey: SERVICE_KEYS.mintAdmin, assistantKey: SERVICE_KEYS.mintAssistant };

describe('the published form against the published local service', () => {
  let service: LocalService;
  const sent: TransportRequest[] = [];
  const transport = async (request: TransportRequest) => {
    sent.push(request);
    return nodeTransport(request);
  };
  before(async () => {
    service = await startService({ api: 'published', updateTiming: { queuedMs: 20, inProgressMs: 40 }, agentJobMs: 60, echoAuthorization: true });
  });
  after(() => service.close());

  const published = (keys = MINT, clock = new VirtualClock()) => clientFor(service, { ...keys, apiForm: 'published', transport, logger: leakGuard.logger(), clock });

  it('updates: 202 read for its statusId, the status with its author object read as a name, followed to its end', async () => {
    const client = published(MINT, undefined);
    const { statusId } = await client.triggerUpdate('acme-docs');
    const final = await createDocsApiClient({ baseUrl: service.url, apiForm: 'published', ...MINT, logger: leakGuard.logger() }).waitForUpdate(statusId, { intervalMs: 10 });
    assert.equal(final.status, 'success');
    assert.equal(final.author, 'Docs Writer');
    assert.equal(final.logs.at(-1), 'Deployed to https://acme-docs.docs.test');
    assert.equal(client.apiForm, 'published');
  });

  it('a preview: { branch } sent, 202 read for statusId and previewUrl, followed with update status', async () => {
    const client = createDocsApiClient({ baseUrl: service.url, apiForm: 'published', ...MINT, transport, logger: leakGuard.logger() });
    const preview = await client.deployPreview('acme-docs', 'docs/new-page');
    assert.equal(preview.previewUrl, 'https://acme-docs-docs-new-page.preview.docs.test');
    assert.equal(sent.at(-1)!.url.pathname, '/v1/project/preview/acme-docs');
    assert.deepEqual(JSON.parse(sent.at(-1)!.body!), { branch: 'docs/new-page' });
    const final = await client.waitForUpdate(preview.statusId, { intervalMs: 10 });
    assert.equal(final.logs.at(-1), `Deployed to ${preview.previewUrl}`);
    const refused = await rejection(client.deployPreview('other-docs', 'main'));
    assert.equal(refused.kind, 'forbidden');
    assert.match(refused.message, /^Deploy preview failed: the admin API key has no access to this resource \(403\): This key has no access to the project/);
  });

  it('search and page content go to the discovery server; a missing page is a 404 with its { message }', async () => {
    const client = published();
    const results = await client.search({ domain: 'docs.acme.test', query: 'deploy preview', pageSize: 1 });
    assert.deepEqual(results.map((r) => r.path), ['/guides/deploy/preview']);
    assert.equal(sent.at(-1)!.url.pathname, '/discovery/v1/search/docs.acme.test');
    const page = await client.getPageContent('docs.acme.test', results[0].path);
    assert.equal(page.path, '/guides/deploy/preview');
    assert.match(page.content, /^# Preview deployments\n/);
    const missing = await rejection(client.getPageContent('docs.acme.test', '/nope'));
    assert.equal(missing.kind, 'not-found');
    assert.match(missing.message, /^Page content failed: page '\/nope' of documentation site 'docs\.acme\.test' not found \(404\): Page \/nope not found/);
  });

  it('the assistant: v2 path, a messages array in parts form and the required fp; the streamed answer read as it comes', async () => {
    const clock = new VirtualClock(Date.parse('2026-05-04T10:00:00Z'));
    const client = clientFor(service, { ...MINT, apiForm: 'published', transport, fingerprint: 'fp-test-1', clock });
    const pieces: string[] = [];
    const reply = await client.askAssistant({ domain: 'docs.acme.test', message: 'How do I deploy a preview?' }, { onText: (text) => pieces.push(text) });
    assert.match(reply.answer, /^About "How do I deploy a preview\?": see Preview deployments \(\/guides\/deploy\/preview\)/);
    assert.ok(pieces.length > 3, `${pieces.length} pieces`);
    assert.match(String(reply.threadId), /^thr_/);
    const request = sent.at(-1)!;
    assert.equal(request.url.pathname, '/discovery/v2/assistant/docs.acme.test/message');
    const body = JSON.parse(request.body!);
    assert.equal(body.fp, 'fp-test-1');
    assert.equal(body.messages.length, 1);
    assert.deepEqual({ ...body.messages[0], id: 'x' }, { id: 'x', role: 'user', createdAt: '2026-05-04T10:00:00.000Z', parts: [{ type: 'text', text: 'How do I deploy a preview?' }] });
    await client.askAssistant({ domain: 'docs.acme.test', message: 'And then?', threadId: reply.threadId });
    const next = JSON.parse(sent.at(-1)!.body!);
    assert.equal(next.threadId, reply.threadId);
    assert.equal(next.fp, 'fp-test-1', 'one fingerprint per client');
    assert.notEqual(next.messages[0].id, body.messages[0].id, 'a new id per message');
  });

  it('without a fingerprint given, the client makes one and keeps it', async () => {
    const client = published();
    await client.askAssistant({ domain: 'docs.acme.test', message: 'quickstart' });
    const first = JSON.parse(sent.at(-1)!.body!).fp;
    await client.askAssistant({ domain: 'docs.acme.test', message: 'quickstart' });
    assert.match(first, /^docs-json-[0-9a-f-]{36}$/);
    assert.equal(JSON.parse(sent.at(-1)!.body!).fp, first);
  });

  it('agent jobs: 201 on creation, read, follow-up, refusal once completed; workflows: 202 with their ids', async (t) => {
    // The job runs 60 ms of the service's time, which the test moves (issue 32: not the machine's speed).
    const time = manualClock();
    const jobs = await startService({ api: 'published', agentJobMs: 60, echoAuthorization: true, clock: time });
    t.after(() => jobs.close());
    const client = createDocsApiClient({ baseUrl: jobs.url, apiForm: 'published', ...MINT, logger: leakGuard.logger() });
    const job = await client.createAgentJob('acme-docs', 'Document the webhooks');
    assert.equal(job.status, 'active');
    assert.equal((await client.sendAgentMessage('acme-docs', job.id, 'Add an example')).id, job.id);
    time.advance(60);
    const done = await client.getAgentJob('acme-docs', job.id);
    assert.equal(done.status, 'completed');
    const refused = await rejection(client.sendAgentMessage('acme-docs', job.id, 'more'));
    assert.equal(refused.kind, 'bad-request');
    assert.match(refused.message, /: Job job_\d+ is completed and takes no more messages /);
    const run = await client.triggerWorkflow('acme-docs', 'wf_translate');
    assert.equal(run.schemaId, 'wf_translate');
    assert.match(String(run.instanceId), /^wfi_\d+$/);
    assert.equal((await rejection(client.triggerWorkflow('acme-docs', 'wf_ghost'))).kind, 'not-found');
  });

  it("SPEC's svc_ keys work in the published form too; a 401 from an unknown mint_ key names no key", async () => {
    const client = published({ adminKey: SERVICE_KEYS.admin, assistantKey: SERVICE_KEYS.assistant });
    assert.match((await client.triggerUpdate('acme-docs')).statusId, /^upd_/);
    assert.equal((await client.search({ domain: 'docs.acme.test', query: 'quickstart' }))[0].path, '/quickstart');
    const unknown = await rejection(published({ adminKey: 'mint_unregistered_7Yq2Wd5', assistantKey: SERVICE_KEYS.mintAssistant }).triggerUpdate('acme-docs'));
    assert.equal(unknown.kind, 'unauthorized');
    // The service echoes the Authorization header it was sent: the key, in the message, is redacted.
    assert.match(unknown.message, /\(you sent Authorization: Bearer \[redacted\]\)/);
    assert.ok(!unknown.message.includes('7Yq2Wd5'));
    leakGuard.secrets('mint_unregistered_7Yq2Wd5');
    leakGuard.record(unknown);
  });
});

describe('which form a client speaks', () => {
  async function firstPath(options: Parameters<typeof createDocsApiClient>[0]): Promise<string> {
    const paths: string[] = [];
    const client = createDocsApiClient({
      ...MINT,
      ...options,
      transport: async (request) => {
        paths.push(`${request.url.origin}${request.url.pathname}`);
        return canned(200, '[]');
      },
    });
    await client.search({ domain: 'docs.acme.test', query: 'x' });
    return paths[0];
  }

  it("the platform's own host takes the published form, also when its documents' server URL (…/v1, …/discovery) is given", async () => {
    for (const baseUrl of ['https://api.mintlify.com', 'https://API.mintlify.com/', 'https://api.mintlify.com/v1', 'https://api.mintlify.com/discovery/']) {
      assert.equal(await firstPath({ baseUrl }), 'https://api.mintlify.com/discovery/v1/search/docs.acme.test', baseUrl);
    }
  });

  it('any other host takes SPEC\'s form unless the published one is chosen; the choice also holds on the platform host', async () => {
    assert.equal(await firstPath({ baseUrl: 'https://docs-api.example.org/api' }), 'https://docs-api.example.org/api/v1/search/docs.acme.test');
    assert.equal(await firstPath({ baseUrl: 'https://docs-api.example.org/api', apiForm: 'published' }), 'https://docs-api.example.org/api/discovery/v1/search/docs.acme.test');
    assert.equal(await firstPath({ baseUrl: 'https://api.mintlify.com', apiForm: 'spec' }), 'https://api.mintlify.com/v1/search/docs.acme.test');
  });

  it("page content is the published form's only, refused before sending in SPEC's", async () => {
    const client = createDocsApiClient({ baseUrl: 'https://docs-api.example.org', ...MINT, transport: async () => assert.fail('nothing is sent') });
    const error = await rejection(client.getPageContent('docs.acme.test', '/quickstart'));
    assert.equal(error.kind, 'config');
    assert.match(error.message, /page content is an endpoint of the published API form only/);
  });
});
