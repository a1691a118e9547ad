import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LocalService, startService } from '../service/service';
import { ALL_KEYS, SERVICE_KEYS, steppingClock } from './helpers';

const ROOT = path.resolve(__dirname, '../..');
const BIN = path.join(ROOT, 'bin/docs-json.js');

interface Spawned {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the bin; `onStdout` hears what stdout holds so far, each time more arrives. */
function docsJson(args: string[], env: NodeJS.ProcessEnv, onStdout?: (stdout: string) => void): Promise<Spawned> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      onStdout?.(stdout);
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('bin/docs-json.js, spawned', () => {
  let service: LocalService;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    if (!fs.existsSync(path.join(ROOT, 'dist/cli/main.js'))) {
      assert.equal(spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' }).status, 0);
    }
    service = await startService({ clock: steppingClock(), updateTiming: { queuedMs: 4_000, inProgressMs: 12_000 }, assistantChunkDelayMs: 25, echoAuthorization: true });
    env = { DOCS_API_BASE_URL: service.url, DOCS_ADMIN_API_KEY: SERVICE_KEYS.admin, DOCS_ASSISTANT_API_KEY: SERVICE_KEYS.assistant };
  });
  after(() => service.close());

  const noKeys = (result: Spawned) => {
    for (const key of ALL_KEYS) assert.ok(!result.stdout.includes(key) && !result.stderr.includes(key), 'key text in the output');
  };

  it('update --wait: exit 0 after success, with statuses and logs', async () => {
    const result = await docsJson(['update', '--project', 'acme-docs', '--wait', '--interval', '0.02'], env);
    assert.equal(result.code, 0, result.stderr);
    // Each log line once, under the status first read with it: a slow machine may read `in_progress` first.
    assert.match(result.stdout, /^Update started for acme-docs \(status id: upd_\d+_acme-docs\)\nstatus: (queued|in_progress|success)\n {2}Update queued for acme-docs\n/);
    assert.match(result.stdout, /status: success\n[\s\S]* {2}Deployed to https:\/\/acme-docs\.docs\.test\nUpdate succeeded: Deployed 8 pages\n$/);
    for (const line of ['Update queued for acme-docs', 'Cloning repository', 'Reading docs.json', 'Building 8 pages']) {
      assert.equal(result.stdout.split(`  ${line}\n`).length, 2, `${line} once`);
    }
    noKeys(result);
  });

  it('update --wait: exit 1 after failure', async () => {
    const result = await docsJson(['update', '--project', 'acme-broken', '--wait', '--interval', '0.02', '--verbose'], env);
    assert.equal(result.code, 1);
    assert.match(result.stdout, /Update failed: Build failed: 1 missing page\n$/);
    assert.match(result.stderr, /\[api\] GET http:\/\/127\.0\.0\.1:\d+\/v1\/project\/update-status\/upd_\d+_acme-broken → 200/);
    noKeys(result);
  });

  it('ask: the answer reaches stdout in pieces as it streams', async () => {
    // The service holds the answer after its first piece until that piece is on stdout: the rest is sent only then
    // (an explicit marker, not a count of how the pipe happened to chunk the output, issue 47).
    service.holdStreams();
    let released = false;
    const result = await docsJson(['ask', '--domain', 'docs.acme.test', 'preview deployments'], env, (stdout) => {
      if (released || !stdout.startsWith('About')) return;
      released = true;
      assert.ok(!stdout.includes('Push a branch'), 'the last piece was not sent yet');
      service.releaseStreams();
    });
    assert.equal(result.code, 0, result.stderr);
    assert.ok(released, 'the first piece reached stdout while the service held the rest');
    assert.equal(result.stdout, 'About "preview deployments": see Preview deployments (/guides/deploy/preview). Deploy a branch to a preview URL. Push a branch to get a preview.\n');
  });

  it('missing configuration: exit 2 and one line', async () => {
    const result = await docsJson(['search', '--domain', 'docs.acme.test', 'deploy'], { DOCS_ASSISTANT_API_KEY: SERVICE_KEYS.assistant });
    assert.equal(result.code, 2);
    assert.equal(result.stderr, 'docs-json search: no API base URL: pass --base-url URL or set DOCS_API_BASE_URL (see docs-json search --help)\n');
    assert.equal(result.stdout, '');
  });

  it('a key the service refuses: exit 1, and the key it echoed is not printed', async () => {
    const result = await docsJson(['agent', 'create', '--project', 'acme-docs', 'Fix typos'], { ...env, DOCS_ADMIN_API_KEY: 'svc_revoked_admin_key_42' });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^docs-json agent: Create agent job failed: the admin API key was refused as missing or invalid \(401\): Invalid API key \(you sent Authorization: Bearer \[redacted\]\)\n$/);
    assert.ok(!result.stderr.includes('svc_revoked_admin_key_42'));
  });
});
