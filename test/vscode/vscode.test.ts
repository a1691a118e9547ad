// The extension's tests in a real VS Code: `@vscode/test-electron`'s runTests, with our launcher as the VS Code
// executable (code-server + headless Chromium: scripts/vscode-host.mjs). Each test of the in-host suites
// (test/vscode/suite) is reported here as a subtest. DOCS_VSCODE=desktop runs them on downloaded desktop VS Code.
import * as assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { runTests } from '@vscode/test-electron';
import * as esbuild from 'esbuild';
import { CORPUS_DIR, materializeFixture } from '../helpers/corpus';
import { SERVICE_KEYS, startService } from '../service/service';
import type { RunConfig } from './suite/run-config';

const root = resolve(__dirname, '../..');
const bundleDir = join(root, 'dist', 'test-vscode');
const SUITE_FILES = ['index', ...readdirSync(join(__dirname, 'suite')).filter((name) => name.endsWith('.suite.ts')).map((name) => name.slice(0, -3))];

async function bundleSuites(): Promise<void> {
  rmSync(bundleDir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: SUITE_FILES.map((name) => join(__dirname, 'suite', `${name}.ts`)),
    outdir: bundleDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    mainFields: ['module', 'main'],
    sourcemap: 'inline',
    logLevel: 'warning',
  });
}

/** A copy of the fixture docs folder, with workspace settings that point the extension at the local service. */
function makeWorkspace(scratch: string, serviceUrl: string): string {
  const workspace = join(scratch, 'workspace');
  cpSync(join(__dirname, 'fixtures', 'workspace'), workspace, { recursive: true });
  mkdirSync(join(workspace, '.vscode'));
  const settings = {
    'docsJson.api.baseUrl': serviceUrl,
    'docsJson.api.projectId': 'acme-docs',
    'docsJson.api.siteDomain': 'docs.acme.test',
    'docsJson.api.retryAttempts': 3,
  };
  writeFileSync(join(workspace, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2));
  return workspace;
}

/** The README's pictures: polar, a real site with its page texts (titles) and one real missing page. */
const SCREENSHOT_SITE = 'polarsource__polar';
const SCREENSHOT_MISSING_PAGE = 'merchant-of-record/acceptable-use';

/** A corpus site rebuilt as its repository has it: every listed file, docs.json and specs, and the page texts. */
function corpusSite(scratch: string, name: string): string {
  const workspace = materializeFixture(name, join(scratch, name));
  const pages = join(CORPUS_DIR, '..', 'corpus-pages', name);
  if (existsSync(pages)) cpSync(pages, workspace, { recursive: true, filter: (source) => !source.includes(`${name}/oracle`) });
  return workspace;
}

/**
 * The site whose docs.json replaces the workspace's before the window reloads: 10,000 pages in 100 groups, one of
 * them without a file. Its first check lasts long enough to watch the Docs view's progress (0.3–1 s here).
 */
const LARGE_SITE_MISSING_PAGE = 'big/missing-page';
function makeLargeSite(folder: string): string {
  const groups = [];
  for (let g = 0; g < 100; g++) {
    mkdirSync(join(folder, 'big', `g${g}`), { recursive: true });
    const pages = [];
    for (let p = 0; p < 100; p++) {
      pages.push(`big/g${g}/p${p}`);
      writeFileSync(join(folder, 'big', `g${g}`, `p${p}.mdx`), `---\ntitle: "Page ${g}.${p}"\n---\n`);
    }
    groups.push({ group: `Group ${g}`, pages });
  }
  groups[0].pages.push(LARGE_SITE_MISSING_PAGE);
  const docsJson = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Large', colors: { primary: '#0D9373' }, navigation: { groups } };
  writeFileSync(join(folder, 'docs.json'), JSON.stringify(docsJson, null, 2));
  return folder;
}

interface SuiteResult {
  name: string;
  ok: boolean;
  error?: string;
  skipped?: string;
}

test('the extension in a real VS Code', { timeout: 12 * 60_000 }, async (t) => {
  await bundleSuites();
  // Slow enough that progress and status bar see `queued` and `in_progress`, and a job takes a follow-up.
  const service = await startService({ updateTiming: { queuedMs: 300, inProgressMs: 1200 }, assistantChunkDelayMs: 20, agentJobMs: 1500 });
  const scratch = mkdtempSync(join(tmpdir(), 'docs-vscode-test-'));
  try {
    const screenshots = process.env.DOCS_VSCODE_SCREENSHOTS ? resolve(process.env.DOCS_VSCODE_SCREENSHOTS) : undefined;
    const workspace = screenshots ? corpusSite(scratch, SCREENSHOT_SITE) : makeWorkspace(scratch, service.url);
    const desktop = process.env.DOCS_VSCODE === 'desktop';
    const runConfig: RunConfig = {
      resultsFile: join(scratch, 'results.json'),
      workspace,
      serviceUrl: service.url,
      keys: { admin: SERVICE_KEYS.admin, assistant: SERVICE_KEYS.assistant },
      userDataDir: join(scratch, 'user-data'),
      largeSite: screenshots ? '' : makeLargeSite(join(scratch, 'large-site')),
      largeSiteMissingPage: LARGE_SITE_MISSING_PAGE,
      viewProgressProbe: !desktop,
      screenshot: process.env.DOCS_VSCODE_SCREENSHOT ? resolve(process.env.DOCS_VSCODE_SCREENSHOT) : undefined,
      screenshots: screenshots ? { folder: screenshots, missingPage: SCREENSHOT_MISSING_PAGE } : undefined,
    };
    writeFileSync(join(bundleDir, 'run-config.json'), JSON.stringify(runConfig));
    const profile = [`--user-data-dir=${runConfig.userDataDir}`, `--extensions-dir=${join(scratch, 'extensions')}`];
    let runError: unknown;
    try {
      await runTests({
        // Our launcher is run by this Node; runTests puts launchArgs first, so the script path comes first.
        vscodeExecutablePath: desktop ? undefined : process.execPath,
        launchArgs: desktop ? [workspace, ...profile, '--disable-extensions'] : [join(root, 'scripts', 'vscode-host.mjs'), workspace, ...profile],
        extensionDevelopmentPath: root,
        extensionTestsPath: join(bundleDir, 'index.js'),
      });
    } catch (error) {
      runError = error;
    }
    assert.ok(existsSync(runConfig.resultsFile), `the suites reported no results (${String(runError ?? 'no error')}); see the output above`);
    const results = JSON.parse(readFileSync(runConfig.resultsFile, 'utf8')) as SuiteResult[];
    assert.ok(results.length > 0, 'the suites ran no test');
    for (const result of results) {
      await t.test(result.name, { skip: result.skipped }, () => {
        if (!result.ok) throw new Error(result.error ?? 'failed');
      });
    }
    if (results.every((result) => result.ok)) assert.equal(runError, undefined, `VS Code exited with an error: ${String(runError)}`);
  } finally {
    await service.close();
    rmSync(scratch, { recursive: true, force: true });
  }
});
