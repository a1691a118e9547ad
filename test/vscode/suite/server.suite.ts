import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import * as vscode from 'vscode';
import { api, codeOf, docsJsonUri, ourDiagnostics, rangeOf, revert, waitFor } from './helpers';

/** Process ids of the language servers this extension host started. */
function serverPids(): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' });
  return table
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null && Number(match[2]) === process.pid && match[3].includes('dist/server/server.js'))
    .map((match) => Number(match[1]));
}

test("the language server keeps V8's code cache in the extension's storage folder", async () => {
  const [pid] = serverPids();
  assert.ok(pid, 'the language server runs as a child of the extension host');
  const variable = fs
    .readFileSync(`/proc/${pid}/environ`, 'utf8')
    .split('\0')
    .find((entry) => entry.startsWith('DOCS_JSON_CODE_CACHE='));
  const folder = variable?.slice('DOCS_JSON_CODE_CACHE='.length);
  assert.ok(folder, 'the client names a code cache folder');
  assert.equal(path.basename(path.dirname(folder)), 'docs-json-tools.docs-json-tools', `in the extension's global storage: ${folder}`);
  // Written by a server that found none, a few seconds after it started.
  await waitFor('a code cache file', () => fs.existsSync(folder) && fs.readdirSync(folder).some((name) => name.endsWith('.v8cache')));
});

test('a crashed language server is restarted and checks again', async () => {
  const { languageClient } = await api();
  const [pid] = serverPids();
  assert.ok(pid, 'the language server runs as a child of the extension host');
  process.kill(pid, 'SIGKILL');
  await waitFor('a new language server', () => {
    const pids = serverPids();
    return pids.length === 1 && pids[0] !== pid && languageClient()?.isRunning();
  });

  const document = await vscode.workspace.openTextDocument(docsJsonUri);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(docsJsonUri, rangeOf(document, '"quickstart"'), '"quickstrat"');
  assert.ok(await vscode.workspace.applyEdit(edit));
  await waitFor('the new server to flag the edited page', () =>
    ourDiagnostics(docsJsonUri).some((d) => codeOf(d) === 'missing-page' && document.getText(d.range) === '"quickstrat"'),
  );
  await revert(docsJsonUri);
});
