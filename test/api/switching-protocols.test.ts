// Issue 22, item 12: a service that answers 101 Switching Protocols (an upgrade nobody asked for) makes every API
// command fail at once, with a message and exit 1; it used to wait out the timeout, print nothing and exit 0.
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { runCli } from './helpers';

const COMMANDS = [['update'], ['update', '--wait'], ['status', 'upd_1'], ['search', 'deploy'], ['ask', 'why?'], ['agent', 'create', 'do it'], ['agent', 'get', 'job_1']];

describe('a service that answers 101: every API command fails at once', () => {
  let server: net.Server;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    server = net.createServer((socket) => {
      socket.once('data', () => socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'));
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    env = { DOCS_API_BASE_URL: `http://127.0.0.1:${port}`, DOCS_ADMIN_API_KEY: 'svc_switch_admin_key_123456', DOCS_ASSISTANT_API_KEY: 'svc_dsc_switch_assistant_key_1234', DOCS_PROJECT_ID: 'acme', DOCS_DOMAIN: 'docs.acme.test' };
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  for (const args of COMMANDS) {
    it(`docs-json ${args.join(' ')}`, async () => {
      const { code, err } = await runCli([...args, '--timeout', '60'], env);
      assert.equal(code, 1, err);
      // The 101 ends it, not the 60 s timeout (whose message says "within 60 s").
      assert.match(err, /answered 101 \(switching protocols\), not an answer to the request\n$/);
    });
  }
});
