// A stand-in for the VS Code executable that `@vscode/test-electron`'s `runTests` launches: it reads the same
// arguments, runs the tests in a real VS Code (code-server, the VS Code server with its Node extension host) shown
// in headless Chromium, and exits with the tests' exit code. Facts it rests on: shared/notes/vscode-host.md.
//
//   node scripts/vscode-host.mjs <folder> --extensionDevelopmentPath=DIR --extensionTestsPath=FILE
//        [--user-data-dir=DIR] [--extensions-dir=DIR] [other VS Code flags, ignored]
//
// A console line `DOCS_VSCODE_SCREENSHOT <file>` from the tests saves a picture of the workbench there;
// `DOCS_VSCODE_VIEW_PROGRESS <file>` saves there what `recordViewProgress` saw since the page (re)loaded.
// Environment: DOCS_VSCODE_VERBOSE=1 relays every browser console line and code-server's log;
// CHROMIUM_PATH overrides /usr/bin/chromium.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import { codeServerBin, installHost, nodeBin } from './vscode-install.mjs';

const STARTUP_TIMEOUT_MS = 90_000;
// A bound against a hang only. 5 minutes was passed at a load average of 25-28 on 2 cores by the suites alone
// (DOCS_VSCODE_SUITES naming all of them, 2026-11-28) while they were still passing; two clones tested at once
// load a machine so. Within the 20 minutes vscode.test.ts gives the whole run.
const RUN_TIMEOUT_MS = Number(process.env.DOCS_VSCODE_TIMEOUT_MS ?? 15 * 60_000);
const verbose = process.env.DOCS_VSCODE_VERBOSE === '1';

function parseArgs(argv) {
  const options = { folders: [], flags: new Map() };
  for (const arg of argv) {
    const match = /^--([^=]+)(?:=(.*))?$/.exec(arg);
    if (match) options.flags.set(match[1], match[2] ?? 'true');
    else options.folders.push(resolve(arg));
  }
  return options;
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(base, child) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${base}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await delay(250);
  }
  throw new Error(`code-server did not answer ${base}/healthz within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

function writeUserSettings(userDataDir) {
  const dir = join(userDataDir, 'User');
  mkdirSync(dir, { recursive: true });
  // Settings the test run wrote before (the service's base URL, a user setting only) are kept.
  const file = join(dir, 'settings.json');
  const given = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const settings = {
    ...given,
    'chat.disableAIFeatures': true, // otherwise agent processes take the 2 cores
    'workbench.startupEditor': 'none',
    // As on desktop: the web workbench saves 1 s after an edit by default, and a busy machine's tests then reverted
    // to the edited text (docs.json kept a test's 'ja' language for every suite after it).
    'files.autoSave': 'off',
    'workbench.tips.enabled': false,
    'security.workspace.trust.enabled': false,
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'extensions.ignoreRecommendations': true,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'git.enabled': false,
    'window.restoreWindows': 'none',
    'json.schemaDownload.enable': false,
    'workbench.enableExperiments': false,
    'npm.fetchOnlinePackageInfo': false,
  };
  writeFileSync(file, JSON.stringify(settings, null, 2));
}

/**
 * Runs in the workbench page from its first script: every 20 ms, which views show a progress bar and which show rows.
 * What the extension API cannot tell a test: whether the user saw the Docs view busy (a window reload starts it over).
 * Each sighting is numbered by its sample as well as timed: a test judges gaps in samples, which a loaded machine
 * takes fewer of, never more (issue 32).
 */
function recordViewProgress() {
  const loadedAt = Date.now();
  const shown = []; // { view, from, to }: a progress bar visible in a view, from and to in ms since the page loaded
  const open = new Map();
  const firstRowsAt = {};
  const firstRowsAtSample = {};
  let sample = 0;
  const paneLabel = (pane) => pane.querySelector('.pane-header')?.getAttribute('aria-label') ?? '';
  // A bar in a view, or in the part (side bar, panel) that shows the view: a container of one view shows its view's
  // progress on the part's bar.
  const viewOf = (element) => {
    const pane = element.closest('.pane');
    if (pane) return paneLabel(pane);
    const part = element.closest('.part');
    const panes = part ? [...part.querySelectorAll('.pane')].filter((p) => p.getClientRects().length > 0) : [];
    return panes.map(paneLabel).join(', ');
  };
  setInterval(() => {
    const now = Date.now() - loadedAt;
    sample++;
    const visible = new Set();
    for (const bar of document.querySelectorAll('.monaco-progress-container.active')) {
      if (bar.getClientRects().length === 0) continue;
      visible.add(bar);
      if (!open.has(bar)) open.set(bar, shown[shown.push({ view: viewOf(bar), from: now, to: undefined, fromSample: sample, toSample: undefined }) - 1]);
    }
    for (const [bar, entry] of open) {
      if (visible.has(bar)) continue;
      entry.to = now;
      entry.toSample = sample;
      open.delete(bar);
    }
    for (const pane of document.querySelectorAll('.pane')) {
      const view = viewOf(pane);
      if (!(view in firstRowsAt) && pane.querySelector('.monaco-list-row')) {
        firstRowsAt[view] = now;
        firstRowsAtSample[view] = sample;
      }
    }
  }, 20);
  window.docsViewProgress = () => ({ shown, firstRowsAt, firstRowsAtSample, now: Date.now() - loadedAt, sample });
}

function killGroup(child) {
  if (!child || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function main() {
  const { folders, flags } = parseArgs(process.argv.slice(2));
  const developmentPath = flags.get('extensionDevelopmentPath');
  const testsPath = flags.get('extensionTestsPath');
  if (!developmentPath || !testsPath) throw new Error('--extensionDevelopmentPath and --extensionTestsPath are required');
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) throw new Error(`no Chromium at ${chromiumPath}: apt-get install -y chromium`);
  installHost();

  const scratch = mkdtempSync(join(tmpdir(), 'docs-vscode-'));
  const userDataDir = resolve(flags.get('user-data-dir') ?? join(scratch, 'user-data'));
  const extensionsDir = resolve(flags.get('extensions-dir') ?? join(scratch, 'extensions'));
  mkdirSync(extensionsDir, { recursive: true });
  writeUserSettings(userDataDir);
  const port = await freePort();
  const configFile = join(scratch, 'config.yaml');
  writeFileSync(configFile, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const logFile = join(scratch, 'code-server.log');
  const log = openSync(logFile, 'a');

  // Detached: the server spawns file watchers and extension hosts; the whole group is killed at the end.
  const server = spawn(
    nodeBin,
    [
      codeServerBin,
      '--auth', 'none',
      '--bind-addr', `127.0.0.1:${port}`,
      '--config', configFile,
      '--user-data-dir', userDataDir,
      '--extensions-dir', extensionsDir,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--vscode-option', 'enable-smoke-test-driver',
    ],
    {
      detached: true,
      stdio: ['ignore', log, log],
      // No extension gallery: code-server would otherwise query open-vsx.org for updates.
      env: { ...process.env, HOME: process.env.HOME ?? scratch, EXTENSIONS_GALLERY: '{}' },
    },
  );
  let browser;
  const cleanup = () => killGroup(server);
  process.on('exit', cleanup);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, server);
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
        // Only this machine: any host name fails to resolve (the workbench is reached by IP address).
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    let finish;
    const finished = new Promise((resolveExit) => (finish = resolveExit));
    await page.exposeFunction('codeAutomationExit', (code) => finish(Number(code) || 0));
    if (verbose) await page.exposeFunction('codeAutomationLog', (level, args) => console.log(`[workbench ${level}]`, ...[args].flat()));
    await page.addInitScript(recordViewProgress);
    page.on('console', (message) => {
      const text = message.text().replace(/%c/g, '').replace(/color: #[0-9a-f]+;?/gi, '').trim();
      const progress = /DOCS_VSCODE_VIEW_PROGRESS (.+)$/.exec(text);
      if (progress) {
        const file = resolve(progress[1].trim());
        void page
          .evaluate(() => window.docsViewProgress?.())
          .then((seen) => {
            writeFileSync(`${file}.partial`, JSON.stringify(seen ?? null));
            renameSync(`${file}.partial`, file);
          })
          .catch((error) => console.error(`view progress not read: ${error.message}`));
        return;
      }
      // The suite asks for a picture of the workbench by a console line (see test/vscode/suite/index.ts).
      const shot = /DOCS_VSCODE_SCREENSHOT (.+)$/.exec(text);
      if (shot) {
        const file = resolve(shot[1].trim());
        mkdirSync(dirname(file), { recursive: true });
        // Written whole, then renamed: the suite waits for the file to appear.
        void page
          .screenshot()
          .then((png) => {
            writeFileSync(`${file}.partial`, png);
            renameSync(`${file}.partial`, file);
          })
          .catch((error) => console.error(`screenshot failed: ${error.message}`));
        return;
      }
      // Extension-host output (the test reporter) arrives with an `INFO`/`ERR` prefix.
      if (verbose || /^\s*(INFO|ERR|WARN)\b/.test(text)) console.log(text.replace(/^\s*INFO\s*/, ''));
    });
    page.on('pageerror', (error) => verbose && console.error(`[page error] ${error.message}`));

    const authority = `127.0.0.1:${port}`;
    const payload = JSON.stringify([
      ['extensionDevelopmentPath', `vscode-remote://${authority}${resolve(developmentPath)}`],
      ['extensionTestsPath', `vscode-remote://${authority}${resolve(testsPath)}`],
    ]);
    const query = new URLSearchParams({ payload });
    if (folders[0]) query.set('folder', folders[0]);
    // Only until the page answers: the run is bounded by RUN_TIMEOUT_MS. Waiting for its `load` event (the
    // workbench's scripts) passed playwright's 30 s twice in a row at a load average of 17-22 on 2 cores.
    const response = await page.goto(`${base}/?${query}`, { waitUntil: 'commit' });
    if (!response?.ok()) throw new Error(`the workbench page answered ${response?.status() ?? 'nothing'}`);
    const timeout = delay(RUN_TIMEOUT_MS).then(() => {
      throw new Error(`the tests did not finish within ${RUN_TIMEOUT_MS / 1000} s`);
    });
    return await Promise.race([finished, timeout]);
  } catch (error) {
    console.error(`vscode-host: ${error.message}`);
    console.error(readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n'));
    return 1;
  } finally {
    if (verbose) console.log(readFileSync(logFile, 'utf8'));
    await browser?.close().catch(() => undefined);
    cleanup();
    rmSync(scratch, { recursive: true, force: true });
  }
}

process.exitCode = await main().catch((error) => {
  console.error(`vscode-host: ${error.stack ?? error}`);
  return 1;
});
// The timeout's timer would otherwise keep the process alive after a result.
process.exit();
