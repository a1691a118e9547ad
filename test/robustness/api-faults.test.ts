// The REST client against every fault the local service injects, for every operation, through the library and
// through the command line: each ends with a clear error of the right kind, and no key text appears anywhere.
import { leakGuard } from '../helpers/key-leak-guard';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DocsApiClient } from '../../api/src/client';
import { ApiError, ApiErrorKind } from '../../api/src/errors';
import { FaultSpec } from '../service/faults';
import { LocalService, SERVICE_KEYS, startService } from '../service/service';
import { clientFor, VirtualClock } from '../api/helpers';

const HUNDRED_MB = 100 * 1024 * 1024;
const TIMEOUT_MS = 400;

interface Context {
  statusId: string;
  jobId: string;
}

const OPERATIONS: { name: string; prefix: string; run: (client: DocsApiClient, context: Context) => Promise<unknown> }[] = [
  { name: 'trigger update', prefix: 'Trigger update failed: ', run: (c) => c.triggerUpdate('acme-docs') },
  { name: 'update status', prefix: 'Get update status failed: ', run: (c, x) => c.getUpdateStatus(x.statusId) },
  // Waiting fails as its status read failed, and says so.
  { name: 'wait for update', prefix: 'Get update status failed: ', run: (c, x) => c.waitForUpdate(x.statusId, { intervalMs: 10 }) },
  { name: 'assistant message', prefix: 'Assistant message failed: ', run: (c) => c.askAssistant({ domain: 'docs.acme.test', message: 'How do I deploy?' }) },
  { name: 'search', prefix: 'Search failed: ', run: (c) => c.search({ domain: 'docs.acme.test', query: 'deploy' }) },
  { name: 'create agent job', prefix: 'Create agent job failed: ', run: (c) => c.createAgentJob('acme-docs', 'Fix the typos') },
  { name: 'get agent job', prefix: 'Get agent job failed: ', run: (c, x) => c.getAgentJob('acme-docs', x.jobId) },
  { name: 'agent message', prefix: 'Agent follow-up message failed: ', run: (c, x) => c.sendAgentMessage('acme-docs', x.jobId, 'And the links') },
];

/** Every fault of test/service/faults.ts, lasting through every retry, and the kind of error it must end in. */
const FAULTS: { name: string; fault: FaultSpec; kind: ApiErrorKind }[] = [
  { name: '429 every time', fault: { type: 'rate-limit' }, kind: 'rate-limited' },
  { name: '429 with a Retry-After beyond a minute', fault: { type: 'rate-limit', retryAfter: '3600' }, kind: 'rate-limited' },
  { name: '500 with the error body', fault: { type: 'server-error' }, kind: 'server' },
  { name: 'an empty 500', fault: { type: 'server-error', body: 'empty' }, kind: 'server' },
  { name: "a proxy's HTML 502", fault: { type: 'server-error', status: 502, body: 'html' }, kind: 'server' },
  { name: 'no answer within the timeout', fault: { type: 'delay', ms: 10_000 }, kind: 'timeout' },
  { name: 'a 200 that is not JSON', fault: { type: 'non-json' }, kind: 'invalid-response' },
  { name: 'a connection closed without an answer', fault: { type: 'drop' }, kind: 'network' },
  { name: 'a connection closed mid-body', fault: { type: 'drop-mid-body' }, kind: 'network' },
  { name: 'a slow-loris body, one byte at a time', fault: { type: 'trickle', intervalMs: 20 }, kind: 'timeout' },
  { name: 'a 100 MB body without a length', fault: { type: 'huge', bytes: HUNDRED_MB }, kind: 'too-large' },
  { name: 'a 100 MB body announced by its length', fault: { type: 'huge', bytes: HUNDRED_MB, withLength: true }, kind: 'too-large' },
];

/** A 200 HTML page read as the assistant's answer: tested apart below, as a known bug. */
const htmlAnswer = (fault: FaultSpec, operation: string) => fault.type === 'non-json' && (operation === 'assistant message' || operation === 'ask');

describe('REST client: every fault, every operation', () => {
  let service: LocalService;
  let context: Context;
  before(async () => {
    service = await startService({ echoAuthorization: true });
    const setup = clientFor(service);
    context = { statusId: (await setup.triggerUpdate('acme-docs')).statusId, jobId: (await setup.createAgentJob('acme-docs', 'Start')).id };
  });
  after(() => service.close());

  for (const { name, fault, kind } of FAULTS) {
    it(`${name}: an error of kind ${kind}, named after the operation, for each of ${OPERATIONS.length} operations`, async () => {
      for (const operation of OPERATIONS.filter((o) => !htmlAnswer(fault, o.name))) {
        service.clearFaults();
        const handle = service.injectFault({ ...fault, times: 1_000 });
        // Reading a huge body up to the client's 10 MB limit took over 0.4 s when other test files shared the 2 cores.
        const timeoutMs = fault.type === 'huge' ? 10 * TIMEOUT_MS : TIMEOUT_MS;
        const client = clientFor(service, { logger: leakGuard.logger(), clock: new VirtualClock(), timeoutMs, streamTimeoutMs: timeoutMs });
        let failure: unknown;
        try {
          const value = await operation.run(client, context);
          leakGuard.record(value, `${operation.name} answer`);
        } catch (error) {
          failure = error;
          leakGuard.record(error, `${operation.name} error under ${name}`);
        }
        assert.ok(failure instanceof ApiError, `${operation.name} under ${name}: ${failure === undefined ? 'succeeded' : String(failure)}`);
        assert.equal(failure.kind, kind, `${operation.name} under ${name}: ${failure.message}`);
        assert.ok(failure.message.startsWith(operation.prefix) && failure.message.length > operation.prefix.length + 10, failure.message);
        assert.ok(handle.hits >= 1, `${operation.name}: the fault was applied`);
        // A huge body is dropped at the client's limit (10 MB), long before its end.
        if (fault.type === 'huge') assert.ok(handle.bytesSent < HUNDRED_MB / 2, `${handle.bytesSent} bytes sent before the client stopped`);
      }
      service.clearFaults();
    });
  }
});

const ROOT = path.resolve(__dirname, '../..');

function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/docs-json.js'), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('command line: every fault ends with exit status 1 and one clear line, keys never printed', () => {
  let service: LocalService;
  before(async () => {
    service = await startService({ echoAuthorization: true });
  });
  after(() => service.close());

  const COMMANDS: [string, string[]][] = [
    ['update', ['update', '--project', 'acme-docs']],
    ['search', ['search', '--domain', 'docs.acme.test', 'deploy']],
    ['ask', ['ask', '--domain', 'docs.acme.test', 'How do I deploy?']],
    ['agent', ['agent', 'create', '--project', 'acme-docs', 'Fix the typos']],
  ];
  const CLI_FAULTS = FAULTS.filter((f) => f.name !== '429 every time');

  it(`${COMMANDS.length} commands × ${CLI_FAULTS.length} faults, --verbose`, { timeout: 240_000 }, async () => {
    const env = { DOCS_API_BASE_URL: service.url, DOCS_ADMIN_API_KEY: SERVICE_KEYS.admin, DOCS_ASSISTANT_API_KEY: SERVICE_KEYS.assistant };
    for (const { name, fault } of CLI_FAULTS) {
      for (const [command, args] of COMMANDS.filter(([c]) => !htmlAnswer(fault, c))) {
        service.clearFaults();
        service.injectFault({ ...fault, times: 1_000 });
        const result = await cli([...args, '--verbose', '--timeout', '1'], env);
        leakGuard.record(result.stdout, `docs-json ${command} stdout under ${name}`);
        leakGuard.record(result.stderr, `docs-json ${command} stderr under ${name}`);
        assert.equal(result.code, 1, `docs-json ${command} under ${name}: ${result.stderr}`);
        assert.match(result.stderr, new RegExp(`^docs-json ${command}: .+ failed: .+$`, 'm'), `${command} under ${name}`);
        assert.doesNotMatch(result.stderr, /\n\s+at /, `${command} under ${name}: a stack trace`);
      }
    }
    service.clearFaults();
  });
});

describe('assistant answers that are HTML pages', () => {
  let service: LocalService;
  before(async () => {
    service = await startService({ echoAuthorization: true });
  });
  after(() => service.close());

  it('a 200 HTML page (a proxy, a captive portal) is an invalid response, not the answer', async () => {
    service.injectFault({ type: 'non-json', times: 10 });
    const client = clientFor(service, { logger: leakGuard.logger() });
    const outcome = await client.askAssistant({ domain: 'docs.acme.test', message: 'How do I deploy?' }).then(
      (answer) => `answered ${JSON.stringify(answer.answer)}`,
      (error: ApiError) => error.kind,
    );
    assert.equal(outcome, 'invalid-response');
  });
});
