// Issue 22, low items: a number (or true, null, an object) where the service should send a string crashed the
// printing ("text2.replace is not a function"); every command prints it as text, or leaves it out.
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { runCli } from './helpers';

const ANSWERS: Record<string, unknown> = {
  '/v1/project/update-status/': {
    _id: 42, status: 'success', projectId: 7, summary: 12345, createdAt: 1767225600, endedAt: true, logs: [1, { a: 2 }, 'ok'],
    commit: { sha: 1234567890, ref: null, message: { text: 'x' } },
  },
  '/v1/search/': [{ path: '/guides/a', content: 99, metadata: { title: 3.5 } }, { path: '/guides/b', content: 'b', metadata: { title: ['no'] } }],
  '/v2/agent/': { job: { id: 'job_1', status: 'completed', prLink: 17, createdAt: { at: 1 } } },
};

describe('answers with numbers where strings are due: printed as text, no crash', () => {
  let server: http.Server;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      const prefix = Object.keys(ANSWERS).find((p) => req.url?.startsWith(p));
      res.writeHead(prefix ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(prefix ? ANSWERS[prefix] : { error: { code: 'not_found', message: 'no' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    env = { DOCS_API_BASE_URL: `http://127.0.0.1:${port}`, DOCS_ADMIN_API_KEY: 'svc_types_admin_key_12345', DOCS_ASSISTANT_API_KEY: 'svc_dsc_types_assist_12345', DOCS_PROJECT_ID: 'acme', DOCS_DOMAIN: 'docs.acme.test' };
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const cases: [string[], RegExp][] = [
    [['status', 'upd_1'], /^Update 42 of 7: success\nSummary: 12345\nCreated: 1767225600 {3}Ended: true\nCommit: 1234567\nLogs:\n {2}1\n {2}\{"a":2\}\n {2}ok\n$/],
    [['search', 'deploy'], /^1\. 3\.5 — \/guides\/a\n {3}99\n2\. \/guides\/b — \/guides\/b\n {3}b\n$/],
    [['agent', 'get', 'job_1'], /^Job job_1: completed\nPull request: 17\n$/],
  ];
  for (const [args, expected] of cases) {
    for (const json of [false, true]) {
      it(`docs-json ${args.join(' ')}${json ? ' --json' : ''}`, async () => {
        const { code, out, err } = await runCli(json ? [...args, '--json'] : args, env);
        assert.equal(err, '');
        assert.equal(code, 0);
        if (json) JSON.parse(out);
        else assert.match(out, expected);
      });
    }
  }
});
