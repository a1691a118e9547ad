// Issue 44, medium: `docsJson.api.baseUrl` set by a trusted workspace's `.vscode/settings.json` sent the key stored
// for every workspace to the host the repository chose. The settings that decide where a key goes are read from the
// user's settings only (the client ignores a workspace value; see user-scope.ts for why not `"scope": "machine"`).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { hostOf, ignoredWorkspaceSettingMessage, USER_ONLY_SETTINGS, userScopeValue } from '../../client/src/user-scope';

test('a workspace or folder base URL is never the answer; the user value or the default is, and the planted one is named', () => {
  assert.deepEqual(userScopeValue({ defaultValue: '', workspaceValue: 'https://evil.example' }, ''), { value: '', ignored: 'https://evil.example' });
  assert.deepEqual(userScopeValue({ defaultValue: '', globalValue: 'https://api.acme.test', workspaceFolderValue: 'https://evil.example' }, ''), {
    value: 'https://api.acme.test',
    ignored: 'https://evil.example',
  });
  assert.deepEqual(userScopeValue({ defaultValue: 'auto', workspaceValue: 'published' }, 'auto'), { value: 'auto', ignored: 'published' });
});

test('quiet twin: a user value alone, or a workspace value equal to it, is read without a word', () => {
  assert.deepEqual(userScopeValue({ defaultValue: '', globalValue: 'https://api.acme.test' }, ''), { value: 'https://api.acme.test' });
  assert.deepEqual(userScopeValue({ defaultValue: '', globalValue: 'https://api.acme.test', workspaceValue: 'https://api.acme.test' }, ''), { value: 'https://api.acme.test' });
  assert.deepEqual(userScopeValue(undefined, 'auto'), { value: 'auto' });
});

test('the message names the host the workspace chose, without control or bidi characters', () => {
  assert.match(ignoredWorkspaceSettingMessage('baseUrl', 'https://keys.evil.example/v1'), /docsJson\.api\.baseUrl in this workspace's settings \(host keys\.evil\.example\) is ignored/);
  assert.equal(hostOf('https://a\u202eb.example'), hostOf('https://a\u202eb.example').replace(/[\u202e]/g, ''));
  assert.doesNotMatch(hostOf('not a url \u202e\u0007'), /[\u202e\u0007]/);
});

// Not `"scope": "machine"`: on a remote host (code-server, Remote-SSH) VS Code then reads them from the remote
// machine's settings and ignores the user's, so the service's address the writer set was lost (the real VS Code
// suite, under code-server). The client reads them from the user's settings itself (userScopeValue).
test('package.json: the settings read from user settings only keep a scope that user settings reach on a remote host too', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));
  const properties = [manifest.contributes.configuration].flat().flatMap((c: { properties: Record<string, { scope?: string }> }) => Object.entries(c.properties));
  const scopes = Object.fromEntries(properties.map(([name, p]: [string, { scope?: string }]) => [name, p.scope]));
  for (const name of USER_ONLY_SETTINGS) assert.ok(!['machine', 'machine-overridable'].includes(scopes[`docsJson.api.${name}`] ?? ''), name);
  assert.equal(scopes['docsJson.api.projectId'], 'window', 'a project id sends no key elsewhere: the workspace may set it');
});
