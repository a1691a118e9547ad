// Issue 39: the whole command set of docs-json against the published local service, keys of both namings, and
// preview deployments against both services.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { leakGuard } from '../helpers/key-leak-guard';
import { LocalService, startService } from '../service/service';
import { ALL_KEYS, runCli, SERVICE_KEYS, steppingClock } from './helpers';

async function run(args: string[], env: NodeJS.ProcessEnv) {
  const result = await runCli(args, env);
  leakGuard.record(result.out, `stdout of ${args[0]}`);
  leakGuard.record(result.err, `stderr of ${args[0]}`);
  for (const key of ALL_KEYS) assert.ok(!result.out.includes(key) && !result.err.includes(key), `key text in the output of ${args.join(' ')}`);
  return result;
}

describe('docs-json against the published service (--api-form published, mint_ keys)', () => {
  let service: LocalService;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    // Service time moves a second at each reading (steppingClock): statuses follow the requests, not the machine's speed.
    service = await startService({ api: 'published', clock: steppingClock(), updateTiming: { queuedMs: 4_000, inProgressMs: 12_000 }, agentJobMs: 600_000, echoAuthorization: true });
    env = { DOCS_API_BASE_URL: service.url, DOCS_API_FORM: 'published', DOCS_ADMIN_API_KEY: SERVICE_KEYS.mintAdmin, DOCS_ASSISTANT_API_KEY: SERVICE_KEYS.mintAssistant, DOCS_PROJECT_ID: 'acme-docs', DOCS_DOMAIN: 'docs.acme.test' };
  });
  after(() => service.close());

  it('update --wait and status', async () => {
    const update = await run(['update', '--wait', '--interval', '0.02'], env);
    assert.equal(update.code, 0, update.err);
    assert.match(update.out, /^Update started for acme-docs \(status id: upd_\d+_acme-docs\)\n/);
    assert.match(update.out, /\nUpdate succeeded: Deployed 8 pages\n$/);
    const statusId = /status id: (upd_\d+_acme-docs)/.exec(update.out)![1];
    const status = await run(['status', statusId], env);
    assert.equal(status.code, 0);
    assert.match(status.out, new RegExp(`^Update ${statusId} of acme-docs: success\n`));
  });

  it('preview --branch B prints the URL and how to follow it; --wait follows it to its end', async () => {
    const started = await run(['preview', '--branch', 'feature/faq'], env);
    assert.equal(started.code, 0, started.err);
    assert.match(started.out, /^Preview of branch feature\/faq started for acme-docs \(status id: (upd_\d+_acme-docs)\)\nPreview URL: https:\/\/acme-docs-feature-faq\.preview\.docs\.test\nFollow it with: docs-json status upd_\d+_acme-docs\n$/);
    const followed = await run(['preview', '--branch', 'feature/faq', '--wait', '--interval', '0.02'], env);
    assert.equal(followed.code, 0, followed.err);
    const lines = followed.out.split('\n');
    assert.equal(lines[1], 'Preview URL: https://acme-docs-feature-faq.preview.docs.test');
    assert.ok(lines.includes('status: in_progress') && lines.includes('  Deployed to https://acme-docs-feature-faq.preview.docs.test'), followed.out);
    assert.equal(lines.at(-2), 'Preview deployed: https://acme-docs-feature-faq.preview.docs.test');
  });

  it('preview --wait --json gives statusId, previewUrl and the final status; a failing deployment exits 1', async () => {
    const json = await run(['preview', '--branch', 'main', '--wait', '--interval', '0.02', '--json'], env);
    assert.equal(json.code, 0);
    const answer = JSON.parse(json.out);
    assert.equal(answer.previewUrl, 'https://acme-docs-main.preview.docs.test');
    assert.equal(answer.status.status, 'success');
    assert.match(answer.statusId, /^upd_/);
    const failed = await run(['preview', '--branch', 'broken', '--project', 'acme-broken', '--wait', '--interval', '0.02'], env);
    assert.equal(failed.code, 1);
    assert.match(failed.out, /\nPreview failed: Build failed: 1 missing page\n$/);
    const refused = await run(['preview', '--branch', 'main', '--project', 'other-docs'], env);
    assert.equal(refused.code, 1);
    assert.match(refused.err, /^docs-json preview: Deploy preview failed: the admin API key has no access to this resource \(403\)/);
  });

  it('ask streams the answer from the discovery server; search and --verbose show its paths', async () => {
    const ask = await run(['ask', 'How do I deploy to production?'], env);
    assert.equal(ask.code, 0, ask.err);
    assert.equal(ask.out, 'About "How do I deploy to production?": see Production deployments (/guides/deploy/production). Ship to production. Merge to main to deploy.\n');
    const search = await run(['search', '--limit', '1', '--verbose', 'preview deploy'], env);
    assert.equal(search.code, 0);
    assert.equal(search.out, '1. Preview deployments — /guides/deploy/preview\n   Deploy a branch to a preview URL. Push a branch to get a preview.\n');
    assert.match(search.err, /^\[api\] POST http:\/\/127\.0\.0\.1:\d+\/discovery\/v1\/search\/docs\.acme\.test → 200 \(\d+ ms\)\n$/);
  });

  it('agent create, message and get (201 and 200 answers)', async () => {
    const created = await run(['agent', 'create', 'Document the webhooks'], env);
    assert.equal(created.code, 0, created.err);
    const id = /^Job (job_\d+): active\n/.exec(created.out)?.[1];
    assert.ok(id, created.out);
    assert.equal((await run(['agent', 'message', id, 'Add an example'], env)).code, 0);
    const read = await run(['agent', 'get', id, '--json'], env);
    assert.equal(JSON.parse(read.out).id, id);
  });

  it('--api-form on the command line wins over DOCS_API_FORM; SPEC\'s form here finds no search endpoint', async () => {
    const spec = await run(['search', '--api-form', 'spec', 'deploy'], env);
    assert.equal(spec.code, 1);
    assert.match(spec.err, /^docs-json search: Search failed: documentation site 'docs\.acme\.test' not found \(404\): No endpoint POST \/v1\/search\/docs\.acme\.test/);
  });

  it('svc_ keys work here too; an index key or a key of the other kind is refused before sending, saying what it is', async () => {
    const svc = await run(['search', 'deploy'], { ...env, DOCS_ASSISTANT_API_KEY: SERVICE_KEYS.assistant });
    assert.equal(svc.code, 0);
    const before = service.requests.length;
    const index = await run(['search', 'deploy'], { ...env, DOCS_ASSISTANT_API_KEY: SERVICE_KEYS.mintIndex });
    assert.equal(index.code, 2);
    assert.equal(index.err, 'docs-json search: DOCS_ASSISTANT_API_KEY holds a search-index key (mint_us_…), which no service command takes; this command needs an assistant API key (mint_dsc_… or svc_dsc_…) (see docs-json search --help)\n');
    const swapped = await run(['preview', '--branch', 'x'], { ...env, DOCS_ADMIN_API_KEY: SERVICE_KEYS.mintAssistant });
    assert.equal(swapped.code, 2);
    assert.match(swapped.err, /^docs-json preview: DOCS_ADMIN_API_KEY holds an assistant API key; this command needs an admin API key \(mint_… or svc_…, not …dsc_…\)/);
    assert.equal(service.requests.length, before, 'nothing sent');
  });
});

describe("docs-json against SPEC's service with the platform's key naming", () => {
  let service: LocalService;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    service = await startService({ clock: steppingClock(), updateTiming: { queuedMs: 4_000, inProgressMs: 12_000 } });
    env = { DOCS_API_BASE_URL: service.url, DOCS_ADMIN_API_KEY: SERVICE_KEYS.mintAdmin, DOCS_ASSISTANT_API_KEY: SERVICE_KEYS.mintAssistant, DOCS_PROJECT_ID: 'acme-docs', DOCS_DOMAIN: 'docs.acme.test' };
  });
  after(() => service.close());

  it('update, search, ask and a preview (the same path in both forms) with mint_ keys in SPEC\'s form', async () => {
    assert.equal((await run(['update', '--wait', '--interval', '0.02'], env)).code, 0);
    assert.equal((await run(['search', 'quickstart'], env)).code, 0);
    assert.match((await run(['ask', 'quickstart?'], env)).out, /\/quickstart/);
    const preview = await run(['preview', '--branch', 'next', '--wait', '--interval', '0.02'], env);
    assert.equal(preview.code, 0, preview.err);
    assert.match(preview.out, /\nPreview deployed: https:\/\/acme-docs-next\.preview\.docs\.test\n$/);
    assert.ok(service.requests.some((request) => request.path === '/v1/assistant/message'));
  });
});
