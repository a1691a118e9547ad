// Issue 16, items 1 and 7: a service that echoes the key it was sent in every answer, in every form (as is,
// percent-encoded, base64, JSON-escaped, split across two stream pieces), and fills its text with terminal and CI
// control sequences. Every command form of the CLI must print neither the key nor a raw control sequence.
import { leakGuard, leakForms } from '../helpers/key-leak-guard';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { inspect } from 'node:util';
import { createDocsApiClient } from '../../api/src/client';
import { RateLimiter } from '../../api/src/rate-limiter';
import { CliIO } from '../../cli/src/io';
import { main } from '../../cli/src/main';

const ADMIN = 'svc_hostile_admin_Q7+w/Zk=9mT';
const ASSISTANT = 'svc_dsc_hostile_assist_X4+p/Ld=2rV';
leakGuard.secrets(ADMIN, ASSISTANT);

/** The forms a key may be echoed in, beyond those the leak guard knows. */
function echoedForms(key: string): string[] {
  const everyCharEncoded = [...Buffer.from(key)].map((byte) => `%${byte.toString(16)}`).join('');
  return [
    key,
    encodeURIComponent(key),
    encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    everyCharEncoded,
    Buffer.from(`Authorization: Bearer ${key}`).toString('base64'),
    Buffer.from(`user:${key}`).toString('base64url'),
    JSON.stringify(key).slice(1, -1).replace(/\//g, '\\/'),
  ];
}

const INJECTIONS = [
  '\n::error file=docs.json,line=1::forged annotation\n',
  '  ::add-mask::x',
  '\x1b]52;c;ZXZpbA==\x07',
  '\x1b[2J\x1b[H',
  'hidden\rshown',
  '\u009b31m',
  '##vso[task.setvariable variable=X]1',
  '##[error]forged',
  // Issue 22, item 10: GitHub's runner trims every Unicode space before it looks for `::`.
  '\n\u00a0::error::nbsp\n',
  '\n\u3000::warning::ideographic\n',
  'bidi \u202e and zero\u200bwidth',
];

function hostileText(key: string): string {
  return `key ${echoedForms(key).join(' | ')} ${INJECTIONS.join(' ')}`;
}

function leaksIn(text: string): string[] {
  const forms = [ADMIN, ASSISTANT].flatMap((key) => [...echoedForms(key), ...leakForms(key)]);
  return forms.filter((form) => text.includes(form)).map((form) => `a key form (${form.length} characters)`);
}

/** Raw control characters and lines that a CI runner or a terminal would act on. */
function injectionsIn(text: string): string[] {
  const found: string[] = [];
  const control = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u00a0\u3000\u202e\u200b]/.exec(text);
  if (control) found.push(`raw U+${control[0].charCodeAt(0).toString(16).padStart(4, '0')} in …${JSON.stringify(text.slice(Math.max(0, control.index - 30), control.index + 10))}`);
  for (const line of text.split('\n')) {
    if (/^\p{White_Space}*::/u.test(line)) found.push(`a line CI reads as a command: ${JSON.stringify(line.slice(0, 60))}`);
    if (/##(vso)?\[/.test(line)) found.push(`an Azure command: ${JSON.stringify(line.slice(0, 60))}`);
  }
  return found;
}

function startHostileService(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const text = hostileText(key);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = req.url ?? '';
    req.resume();
    if (url.startsWith('/v1/project/update-status/broken')) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`upstream failed ${text}`);
    } else if (url.startsWith('/v1/project/update-status/')) {
      json(200, { _id: `upd ${text}`, status: 'success', projectId: text, summary: text, createdAt: text, logs: [text, text], commit: { sha: 'abcdef1234', message: text } });
    } else if (url.startsWith('/v1/project/update/')) {
      json(202, { statusId: `upd_1 ${text}` });
    } else if (url.startsWith('/v1/search/')) {
      json(200, [{ path: `/p ${text}`, content: text, metadata: { title: text } }]);
    } else if (url.startsWith('/v1/assistant/message')) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // The key is cut in the middle, across two events.
      const answer = `The answer: ${text} and again ${key} end.`;
      const cut = answer.indexOf(key) + 9;
      for (const delta of [answer.slice(0, cut), answer.slice(cut)]) res.write(`data: ${JSON.stringify({ type: 'text-delta', delta })}\n\n`);
      res.end('data: [DONE]\n\n');
    } else if (url.startsWith('/v2/agent/')) {
      json(200, { job: { id: `job ${text}`, status: text, prLink: text, createdAt: text } });
    } else {
      json(404, { error: { code: 'not_found', message: text } });
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const COMMANDS: string[][] = [
  ['update'],
  ['update', '--json'],
  ['update', '--wait', '--interval', '0.01'],
  ['update', '--wait', '--interval', '0.01', '--json'],
  ['status', 'upd_1'],
  ['status', 'upd_1', '--json'],
  ['status', 'broken'],
  ['ask', 'why?'],
  ['ask', 'why?', '--json'],
  ['search', 'deploy'],
  ['search', 'deploy', '--json'],
  ['agent', 'create', 'do it'],
  ['agent', 'get', 'job_1', '--json'],
  ['agent', 'message', 'job_1', 'more'],
  ['agent', 'message', 'nope/x', 'more', '--verbose'],
];

describe('a service that echoes keys and sends control sequences: the CLI prints neither', () => {
  let server: http.Server;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    server = await startHostileService();
    const { port } = server.address() as AddressInfo;
    env = { DOCS_API_BASE_URL: `http://127.0.0.1:${port}`, DOCS_ADMIN_API_KEY: ADMIN, DOCS_ASSISTANT_API_KEY: ASSISTANT, DOCS_PROJECT_ID: 'acme', DOCS_DOMAIN: 'docs.acme.test' };
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  for (const args of COMMANDS) {
    it(`docs-json ${args.join(' ')}`, async () => {
      const out: string[] = [];
      const err: string[] = [];
      const io: CliIO = { out: (text) => out.push(text), err: (text) => err.push(text), env, isTTY: false, cwd: process.cwd() };
      const code = await main(args, io);
      const stdout = out.join('');
      const stderr = err.join('');
      leakGuard.record(stdout, `stdout of ${args.join(' ')}`);
      leakGuard.record(stderr, `stderr of ${args.join(' ')}`);
      assert.deepEqual(leaksIn(stdout + stderr), [], `${args.join(' ')} printed a key`);
      assert.deepEqual(injectionsIn(stdout + stderr), [], `${args.join(' ')} printed a control sequence`);
      const expectFailure = args[1] === 'broken' || args[1] === 'nope/x';
      assert.equal(code, expectFailure ? 1 : 0, stderr);
      if (args.includes('--json') && !expectFailure) JSON.parse(stdout);
      assert.match(stdout + stderr, /\[redacted\]/, 'the echoed key was there, and was redacted');
      if (!args.includes('--json') && !expectFailure) assert.match(stdout + stderr, /\\u001b\]52;c;ZXZpbA==\\u0007/, 'control characters are shown escaped');
    });
  }

  it('the REST client itself hands out answers with the keys redacted (what the VS Code extension shows)', async () => {
    const client = createDocsApiClient({ baseUrl: env.DOCS_API_BASE_URL, adminKey: ADMIN, assistantKey: ASSISTANT, limiter: new RateLimiter() });
    const answers = [
      await client.triggerUpdate('acme'),
      await client.getUpdateStatus('upd_1'),
      await client.search({ domain: 'docs.acme.test', query: 'deploy' }),
      await client.askAssistant({ domain: 'docs.acme.test', message: 'why?' }),
      await client.createAgentJob('acme', 'do it'),
    ];
    const seen = answers.map((answer) => inspect(answer, { depth: 8 })).join('\n');
    leakGuard.record(seen, 'answers');
    assert.deepEqual(leaksIn(seen), []);
    assert.match(seen, /\[redacted\]/);
    const streamed: string[] = [];
    await client.askAssistant({ domain: 'docs.acme.test', message: 'why?' }, { onText: (text) => streamed.push(text) });
    assert.match(client.redactText(streamed.join('')), /and again \[redacted\] end\.$/, 'the answer so far, redacted whole');
  });

  it('a key cut across two pieces of a streamed answer is redacted whole', async () => {
    const out: string[] = [];
    const io: CliIO = { out: (text) => out.push(text), err: () => {}, env, isTTY: false, cwd: process.cwd() };
    assert.equal(await main(['ask', 'why?'], io), 0);
    assert.match(out.join(''), /and again \[redacted\] end\.\n$/);
  });
});
