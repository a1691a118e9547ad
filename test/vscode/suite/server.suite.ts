import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
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
