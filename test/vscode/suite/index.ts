// Runs inside VS Code's extension host (the `extensionTestsPath` module of `runTests`): the suites with
// node:test, in this process, in order; then the window reloads and this module runs again, in the new extension
// host, for reload.suite.ts. Every result goes to the console and to the results file.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run as runNodeTests, RunOptions } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import * as vscode from 'vscode';
import { AFTER_RELOAD, reloadedAt, reloadWindow } from './reload';
import { LAST_TEST, readRunConfig } from './run-config';
import { takeScreenshots } from './screenshots';

export const SUITES = ['activation.suite.js', 'language.suite.js', 'pages.suite.js', 'components.suite.js', 'navigation.suite.js', 'server.suite.js', 'service.suite.js', 'writer.suite.js', 'rename.suite.js', 'docs-view.suite.js', 'languages.suite.js', 'presence.suite.js', 'mdx.suite.js'];
/** Runs alone in the extension host that a window reload started, after SUITES (see reload.ts). */
const AFTER_RELOAD_SUITE = 'reload.suite.js';
const LAST_SUITE = 'last.suite.js';

interface Result {
  name: string;
  file: string;
  ok: boolean;
  ms: number;
  error?: string;
  /** Why the test did not run. */
  skipped?: string;
}

export async function run(): Promise<void> {
  const config = readRunConfig();
  if (config.screenshots) {
    const started = Date.now();
    await takeScreenshots(config.workspace, config.screenshots);
    const results: Result[] = [{ name: 'the screenshots of a corpus site', file: 'screenshots.ts', ok: true, ms: Date.now() - started }];
    writeFileSync(config.resultsFile, JSON.stringify(results, null, 2));
    return;
  }
  if (config.suites) return report(config.resultsFile, await runSuites(config.suites));
  if (reloadedAt(config) === undefined) {
    const results = await runSuites(SUITES);
    if (config.screenshot) await screenshot(config.screenshot);
    // Stands for the second half until it has run.
    const pending: Result = { name: AFTER_RELOAD, file: 'reload.ts', ok: false, ms: 0, error: 'the tests did not run again after the window reloaded' };
    writeFileSync(config.resultsFile, JSON.stringify([...results, pending], null, 2));
    try {
      await reloadWindow(config);
    } catch (error) {
      pending.error = `the window was not reloaded: ${error instanceof Error ? error.stack : String(error)}`;
      writeFileSync(config.resultsFile, JSON.stringify([...results, pending], null, 2));
      throw error;
    }
  }
  const before = (JSON.parse(readFileSync(config.resultsFile, 'utf8')) as Result[]).filter((r) => r.name !== AFTER_RELOAD);
  const after = await runSuites([AFTER_RELOAD_SUITE]);
  report(config.resultsFile, [...before, { name: AFTER_RELOAD, file: 'reload.ts', ok: true, ms: Date.now() - reloadedAt(config)! }, ...after]);
}

/** Writes the results for vscode.test.ts, and fails the run when one failed. */
function report(resultsFile: string, results: Result[]): void {
  writeFileSync(resultsFile, JSON.stringify(results, null, 2));
  const failed = results.filter((r) => !r.ok).length;
  console.log(`VS Code suite: ${results.length - failed} passed, ${failed} failed`);
  if (failed > 0 || results.length === 0) throw new Error(`${failed} of ${results.length} tests failed in VS Code`);
}

/** Runs suites in this process, where `require('vscode')` works, one after the other; the last one ends the run. */
async function runSuites(suites: string[]): Promise<Result[]> {
  const results: Result[] = [];
  // `isolation` (Node 22.8+) is newer than this repo's @types/node.
  const options: RunOptions & { isolation: 'none' } = {
    files: [...suites, LAST_SUITE].map((file) => join(__dirname, file)),
    isolation: 'none',
    concurrency: false,
    timeout: 60_000,
  };
  const stream = runNodeTests(options);
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  stream.on('test:pass', (event) => {
    if (event.name === LAST_TEST && event.nesting === 0) return finish();
    if (event.details.type === 'suite') return;
    const skipped = typeof event.skip === 'string' ? event.skip : event.skip ? 'skipped' : undefined;
    results.push({ name: event.name, file: event.file ?? '', ok: true, ms: event.details.duration_ms, skipped });
    console.log(`${skipped ? `- skipped (${skipped}):` : '✔'} ${event.name} (${Math.round(event.details.duration_ms)} ms)`);
  });
  stream.on('test:fail', (event) => {
    if (event.details.type === 'suite') return;
    const error = event.details.error as Error & { cause?: Error };
    const text = String(error.cause?.stack ?? error.cause ?? error.stack ?? error);
    results.push({ name: event.name, file: event.file ?? '', ok: false, ms: event.details.duration_ms, error: text });
    console.log(`✖ ${event.name}\n${text}`);
  });
  stream.on('data', () => undefined);
  await finished;
  return results;
}

/** Lays out the workbench (docs.json, Docs view, Problems panel) and asks the host script for a picture. */
async function screenshot(file: string): Promise<void> {
  const docsJson = vscode.Uri.file(join(readRunConfig().workspace, 'docs.json'));
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.window.showTextDocument(docsJson);
  await vscode.commands.executeCommand('workbench.view.extension.docs');
  await vscode.commands.executeCommand('workbench.actions.view.problems');
  await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
  await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
  await delay(1500); // lets the workbench paint
  rmSync(file, { force: true });
  console.log(`DOCS_VSCODE_SCREENSHOT ${file}`);
  for (let i = 0; i < 100 && !existsSync(file); i++) await delay(100);
  if (!existsSync(file)) console.log('the screenshot was not taken');
}
