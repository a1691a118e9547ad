import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { main } from '../../cli/src/main';
import { CliIO } from '../../cli/src/io';
import { LocalService, startService } from '../service/service';
import { ALL_KEYS, SERVICE_KEYS, steppingClock } from './helpers';

interface Run {
  code: number;
  out: string;
  err: string;
  writes: string[];
}

describe('docs-json API commands, in process', () => {
  let service: LocalService;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    // Statuses move with the status reads (a few clock readings each), so a poll every 20 ms sees each one on any machine.
    service = await startService({ clock: steppingClock(), updateTiming: { queuedMs: 4_000, inProgressMs: 12_000 }, agentJobMs: 600_000, echoAuthorization: true });
    env = { DOCS_API_BASE_URL: service.url, DOCS_ADMIN_API_KEY: SERVICE_KEYS.admin, DOCS_ASSISTANT_API_KEY: SERVICE_KEYS.assistant };
  });
  after(() => service.close());

  async function run(args: string[], options: { env?: NodeJS.ProcessEnv; isTTY?: boolean } = {}): Promise<Run> {
    const writes: string[] = [];
    const errs: string[] = [];
    const io: CliIO = { out: (text) => writes.push(text), err: (text) => errs.push(text), env: options.env ?? env, isTTY: options.isTTY ?? false, cwd: process.cwd() };
    const code = await main(args, io);
    const result = { code, out: writes.join(''), err: errs.join(''), writes };
    for (const key of ALL_KEYS) assert.ok(!result.out.includes(key) && !result.err.includes(key), `key text in the output of ${args.join(' ')}`);
    return result;
  }

  it('update starts an update and says how to follow it', async () => {
    const result = await run(['update', '--project', 'acme-docs']);
    assert.equal(result.code, 0);
    assert.match(result.out, /^Update started for acme-docs \(status id: (upd_\d+_acme-docs)\)\nFollow it with: docs-json status upd_\d+_acme-docs\n$/);
  });

  it('update --wait shows each status and the logs as they come, exit 0 on success', async () => {
    const result = await run(['update', '--project', 'acme-docs', '--wait', '--interval', '0.02']);
    assert.equal(result.code, 0, result.err);
    const lines = result.out.split('\n');
    assert.match(lines[0], /^Update started for acme-docs/);
    assert.ok(lines.includes('status: in_progress'), result.out);
    assert.ok(lines.indexOf('  Cloning repository') > lines.indexOf('status: in_progress'));
    assert.ok(lines.indexOf('status: success') < lines.indexOf('  Deployed to https://acme-docs.docs.test'));
    assert.equal(lines.filter((line) => line === '  Cloning repository').length, 1, 'each log line once');
    assert.equal(lines.at(-2), 'Update succeeded: Deployed 8 pages');
    assert.ok(!result.out.includes('\r'), 'no spinner when not on a terminal');
  });

  it('update --wait exits 1 when the update fails; the project may come from DOCS_PROJECT_ID', async () => {
    const result = await run(['update', '--wait', '--interval', '0.02'], { env: { ...env, DOCS_PROJECT_ID: 'acme-broken' } });
    assert.equal(result.code, 1);
    assert.match(result.out, /status: failure\n {2}Error: .*guides\/missing does not exist\nUpdate failed: Build failed: 1 missing page\n$/);
  });

  it('update --wait on a terminal draws a spinner, then clears it', async () => {
    const result = await run(['update', '--project', 'acme-docs', '--wait', '--interval', '0.02'], { isTTY: true });
    assert.equal(result.code, 0);
    assert.ok(result.writes.some((text) => /^\r\x1b\[2K[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] (queued|in_progress|waiting) · \d+ s$/.test(text)), 'a spinner frame');
    assert.ok(result.out.includes('\r\x1b[2K  Cloning repository\n'));
    assert.match(result.out, /\r\x1b\[2KUpdate succeeded: Deployed 8 pages\n$/);
  });

  it('update --wait --json prints the final status only', async () => {
    const result = await run(['update', '--project', 'acme-docs', '--wait', '--interval', '0.02', '--json']);
    assert.equal(result.code, 0);
    const status = JSON.parse(result.out);
    assert.equal(status.status, 'success');
    assert.ok(Array.isArray(status.logs));
  });

  it('status STATUS_ID shows the record and its logs', async () => {
    const started = await run(['update', '--project', 'acme-docs', '--json']);
    const { statusId } = JSON.parse(started.out);
    const result = await run(['status', statusId]);
    assert.equal(result.code, 0);
    assert.match(result.out, new RegExp(`^Update ${statusId} of acme-docs: (queued|in_progress|success)\n`));
    assert.match(result.out, /Logs:\n {2}Update queued for acme-docs\n/);
    const json = await run(['status', statusId, '--json']);
    assert.equal(JSON.parse(json.out)._id, statusId);
  });

  it('status of an unknown update: exit 1 with the 404 in one line', async () => {
    const result = await run(['status', 'upd_nope']);
    assert.equal(result.code, 1);
    assert.match(result.err, /^docs-json status: Get update status failed: update 'upd_nope' not found \(404\): Update upd_nope not found \(you sent Authorization: Bearer \[redacted\]\)\n$/);
  });

  it('ask prints the answer as it streams', async () => {
    const result = await run(['ask', '--domain', 'docs.acme.test', 'How do I deploy to production?']);
    assert.equal(result.code, 0);
    assert.ok(result.writes.length > 5, `${result.writes.length} writes`);
    assert.equal(result.out, 'About "How do I deploy to production?": see Production deployments (/guides/deploy/production). Ship to production. Merge to main to deploy.\n');
  });

  it('ask --json, with the domain from DOCS_DOMAIN', async () => {
    const result = await run(['ask', '--json', 'quickstart?'], { env: { ...env, DOCS_DOMAIN: 'docs.acme.test' } });
    assert.equal(result.code, 0);
    const reply = JSON.parse(result.out);
    assert.match(reply.answer, /\/quickstart/);
    assert.match(reply.threadId, /^thr_/);
  });

  it('search lists titles and paths; --json gives the results', async () => {
    const result = await run(['search', '--domain', 'docs.acme.test', '--limit', '1', 'preview deploy']);
    assert.equal(result.code, 0);
    assert.equal(result.out, '1. Preview deployments — /guides/deploy/preview\n   Deploy a branch to a preview URL. Push a branch to get a preview.\n');
    const json = await run(['search', '--domain', 'docs.acme.test', '--json', 'authentication']);
    assert.equal(JSON.parse(json.out)[0].path, '/guides/authentication');
    assert.equal((await run(['search', '--domain', 'docs.acme.test', 'kubernetes'])).out, 'No results for "kubernetes".\n');
  });

  it('agent create, get and message', async () => {
    const created = await run(['agent', 'create', '--project', 'acme-docs', 'Document the webhooks']);
    assert.equal(created.code, 0);
    const id = /^Job (job_\d+): active\n/.exec(created.out)?.[1];
    assert.ok(id, created.out);
    const followed = await run(['agent', 'message', '--project', 'acme-docs', id, 'Add an example']);
    assert.equal(followed.code, 0);
    const read = await run(['agent', 'get', '--project', 'acme-docs', id, '--json']);
    assert.equal(JSON.parse(read.out).messages.length, 2);
    const missing = await run(['agent', 'get', '--project', 'acme-docs', 'job_9999']);
    assert.equal(missing.code, 1);
    assert.match(missing.err, /agent job 'job_9999' of project 'acme-docs' not found \(404\)/);
  });

  it('bad arguments and missing configuration: exit 2 with a one-line reason, nothing sent', async () => {
    const before = service.requests.length;
    const cases: Array<[string[], NodeJS.ProcessEnv, RegExp]> = [
      [['update', '--project', 'p'], { ...env, DOCS_API_BASE_URL: undefined }, /^docs-json update: no API base URL: pass --base-url URL or set DOCS_API_BASE_URL/],
      [['update', '--project', 'p'], { ...env, DOCS_ADMIN_API_KEY: '' }, /^docs-json update: this command needs an admin API key \(mint_… or svc_…, not …dsc_…\): set DOCS_ADMIN_API_KEY/],
      [['update'], env, /^docs-json update: no project id: pass --project ID or set DOCS_PROJECT_ID/],
      [['ask', '--domain', 'd', 'q'], { ...env, DOCS_ASSISTANT_API_KEY: SERVICE_KEYS.admin }, /^docs-json ask: DOCS_ASSISTANT_API_KEY holds an admin API key; this command needs an assistant API key \(mint_dsc_… or svc_dsc_…\)/],
      [['status', 's'], { ...env, DOCS_ADMIN_API_KEY: SERVICE_KEYS.assistant }, /^docs-json status: DOCS_ADMIN_API_KEY holds an assistant API key/],
      [['status', 's'], { ...env, DOCS_ADMIN_API_KEY: 'mint_us_4f8a2c9e1b7d' }, /^docs-json status: DOCS_ADMIN_API_KEY holds a search-index key \(mint_us_…\), which no service command takes; this command needs an admin API key/],
      [['preview', '--project', 'p'], env, /^docs-json preview: no branch: pass --branch BRANCH/],
      [['update', '--project', 'p', '--api-form', 'v3'], env, /^docs-json update: --api-form: the API form 'v3' is not one of spec, published/],
      [['update', '--project', 'p'], { ...env, DOCS_API_FORM: 'openapi' }, /^docs-json update: DOCS_API_FORM: the API form 'openapi' is not one of spec, published/],
      [['search', 'q'], env, /^docs-json search: no domain: pass --domain DOMAIN or set DOCS_DOMAIN/],
      [['search', '--domain', 'd', '--limit', '99', 'q'], env, /^docs-json search: --limit takes a whole number from 1 to 50 \(got '99'\)/],
      [['search', '--domain', 'd', '--bogus', 'q'], env, /^docs-json search: unknown option '--bogus'/],
      [['search', '--domain', 'd', 'two', 'words'], env, /^docs-json search: unexpected argument 'words'/],
      [['status'], env, /^docs-json status: missing STATUS_ID/],
      [['agent', 'destroy', '--project', 'p'], env, /^docs-json agent: agent takes create, get or message \(got 'destroy'\)/],
      [['agent', 'message', '--project', 'p', 'job_1'], env, /^docs-json agent: missing the prompt/],
      [['update', '--project', 'p', '--wait', '--interval', '0'], env, /^docs-json update: --interval takes a number of seconds greater than 0/],
      [['update', '--project', 'p', '--base-url', 'http://docs.example.com'], env, /^docs-json update: Trigger update failed: refusing to send an API key over plain http to docs.example.com/],
      [['update', '--project', '..'], env, /^docs-json update: Trigger update failed: the project id '..' is not valid/],
    ];
    for (const [args, caseEnv, message] of cases) {
      const result = await run(args, { env: caseEnv });
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.err}`);
      assert.match(result.err, message);
      assert.equal(result.err.split('\n').length, 2, `one line: ${result.err}`);
      assert.equal(result.out, '');
    }
    assert.equal(service.requests.length, before);
  });

  it('--help for each command exits 0', async () => {
    for (const command of ['update', 'preview', 'status', 'ask', 'search', 'agent']) {
      const result = await run([command, '--help']);
      assert.equal(result.code, 0);
      assert.match(result.out, new RegExp(`^usage: docs-json ${command}`));
    }
  });

  it('API failures exit 1: 401, 403, 429 after the retries', async () => {
    const unknown = await run(['update', '--project', 'acme-docs'], { env: { ...env, DOCS_ADMIN_API_KEY: 'svc_not_registered_key' } });
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /the admin API key was refused as missing or invalid \(401\)/);
    assert.ok(!unknown.err.includes('svc_not_registered_key'));
    const forbidden = await run(['update', '--project', 'other-docs']);
    assert.equal(forbidden.code, 1);
    service.injectFault({ type: 'rate-limit', retryAfter: '0', times: 4 });
    const limited = await run(['update', '--project', 'acme-docs']);
    assert.equal(limited.code, 1);
    assert.equal(limited.err, 'docs-json update: Trigger update failed: the rate limit is exceeded (429); gave up after 4 attempts\n');
  });

  it('--timeout bounds a streamed answer too', async () => {
    service.holdStreams();
    try {
      const result = await run(['ask', '--domain', 'docs.acme.test', '--timeout', '0.3', 'quickstart']);
      assert.equal(result.code, 1);
      assert.match(result.err, /docs-json ask: Assistant message failed: no complete answer from 127\.0\.0\.1:\d+ within 0\.3 s\n$/);
    } finally {
      service.releaseStreams();
    }
  });

  it('--verbose logs each request to stderr with keys redacted', async () => {
    const result = await run(['search', '--domain', 'docs.acme.test', '--verbose', 'deploy']);
    assert.equal(result.code, 0);
    assert.match(result.err, /^\[api\] POST http:\/\/127\.0\.0\.1:\d+\/v1\/search\/docs\.acme\.test → 200 \(\d+ ms\)\n$/);
  });
});
