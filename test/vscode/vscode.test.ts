// The extension's tests in a real VS Code: `@vscode/test-electron`'s runTests, with our launcher as the VS Code
// executable (code-server + headless Chromium: scripts/vscode-host.mjs). Each test of the in-host suites
// (test/vscode/suite) is reported here as a subtest. DOCS_VSCODE=desktop runs them on downloaded desktop VS Code.
// The second test packs the .vsix as `npm run package` does, installs it with code-server's --install-extension,
// and runs the smoke suites on that installed extension, not on this folder.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { test, TestContext } from 'node:test';
import { pathToFileURL } from 'node:url';
import { runTests } from '@vscode/test-electron';
import * as esbuild from 'esbuild';
import { CORPUS_PAGES_DIR, materializeFixture } from '../helpers/corpus';
import { stagedCheckout } from '../helpers/staged-checkout';
import { noVsCodeHost } from '../helpers/test-hosts';
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

/**
 * A copy of the fixture docs folder with its workspace settings; the base URL of the local service is a user setting
 * (`docsJson.api.baseUrl` is read from user settings only: see `userSettings`).
 */
function makeWorkspace(scratch: string): string {
  const workspace = join(scratch, 'workspace');
  cpSync(join(__dirname, 'fixtures', 'workspace'), workspace, { recursive: true });
  mkdirSync(join(workspace, '.vscode'));
  const settings = {
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
  const pages = join(CORPUS_PAGES_DIR, name);
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
  const docsJson = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Large', colors: { primary: '#0B7D62' }, navigation: { groups } };
  writeFileSync(join(folder, 'docs.json'), JSON.stringify(docsJson, null, 2));
  return folder;
}

interface SuiteResult {
  name: string;
  ok: boolean;
  error?: string;
  skipped?: string;
}

interface VsCodeRun {
  /** The folder VS Code loads as the extension under development (with the tests). */
  developmentPath: string;
  /** Installed extensions (default: none). */
  extensionsDir?: string;
  /** Only these suites, without the window reload (default: all, then the reload). */
  suites?: string[];
  /** The id of a stand-in MDX extension installed in `extensionsDir`. */
  mdxNeighbour?: string;
}

/** Runs the in-host suites in a real VS Code and reports each of their tests as a subtest of `t`. */
async function runInVsCode(t: TestContext, { developmentPath, extensionsDir, suites, mdxNeighbour }: VsCodeRun): Promise<void> {
  await bundleSuites();
  // Slow enough that progress and status bar see `queued` and `in_progress`, and a job takes a follow-up.
  const service = await startService({ updateTiming: { queuedMs: 300, inProgressMs: 1200 }, assistantChunkDelayMs: 20, agentJobMs: 1500 });
  const scratch = mkdtempSync(join(tmpdir(), 'docs-vscode-test-'));
  try {
    const screenshots = process.env.DOCS_VSCODE_SCREENSHOTS && !suites ? resolve(process.env.DOCS_VSCODE_SCREENSHOTS) : undefined;
    const workspace = screenshots ? corpusSite(scratch, SCREENSHOT_SITE) : makeWorkspace(scratch);
    const desktop = process.env.DOCS_VSCODE === 'desktop';
    const runConfig: RunConfig = {
      resultsFile: join(scratch, 'results.json'),
      workspace,
      serviceUrl: service.url,
      keys: { admin: SERVICE_KEYS.admin, assistant: SERVICE_KEYS.assistant },
      userDataDir: join(scratch, 'user-data'),
      largeSite: screenshots || suites ? '' : makeLargeSite(join(scratch, 'large-site')),
      largeSiteMissingPage: LARGE_SITE_MISSING_PAGE,
      viewProgressProbe: !desktop,
      screenshot: process.env.DOCS_VSCODE_SCREENSHOT && !suites ? resolve(process.env.DOCS_VSCODE_SCREENSHOT) : undefined,
      screenshots: screenshots ? { folder: screenshots, missingPage: SCREENSHOT_MISSING_PAGE } : undefined,
      suites,
      mdxNeighbour,
    };
    writeFileSync(join(bundleDir, 'run-config.json'), JSON.stringify(runConfig));
    // The service's address is a user setting (the workspace's is ignored); the host script keeps it.
    mkdirSync(join(runConfig.userDataDir, 'User'), { recursive: true });
    writeFileSync(join(runConfig.userDataDir, 'User', 'settings.json'), JSON.stringify({ 'docsJson.api.baseUrl': service.url }, null, 2));
    const profile = [`--user-data-dir=${runConfig.userDataDir}`, `--extensions-dir=${extensionsDir ?? join(scratch, 'extensions')}`];
    let runError: unknown;
    try {
      await runTests({
        // Our launcher is run by this Node; runTests puts launchArgs first, so the script path comes first.
        vscodeExecutablePath: desktop ? undefined : process.execPath,
        launchArgs: desktop ? [workspace, ...profile, ...(extensionsDir ? [] : ['--disable-extensions'])] : [join(root, 'scripts', 'vscode-host.mjs'), workspace, ...profile],
        extensionDevelopmentPath: developmentPath,
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
}

/** `DOCS_VSCODE_SUITES=pages.suite.js,language.suite.js`: only those suites, without the window reload and the .vsix run. */
const ONLY_SUITES = process.env.DOCS_VSCODE_SUITES?.split(',').filter(Boolean);

/** Why the suites cannot run here (one line), or false: desktop VS Code is downloaded by runTests itself. */
const noHost = () => (process.env.DOCS_VSCODE === 'desktop' ? Promise.resolve(false as const) : noVsCodeHost(root));

test('the extension in a real VS Code', { timeout: 20 * 60_000 }, async (t) => {
  const missing = await noHost();
  if (missing) return t.skip(missing);
  await runInVsCode(t, { developmentPath: root, suites: ONLY_SUITES });
});

/**
 * The suites run on the installed .vsix: activation, diagnostics, completion, quick fixes, the Docs view; and .mdx
 * pages beside a stand-in for the MDX extension (mdx.suite.ts expects its grammar and configuration, not ours).
 */
const VSIX_SMOKE_SUITES = ['activation.suite.js', 'language.suite.js', 'navigation.suite.js', 'mdx.suite.js'];

/**
 * A .vsix standing in for `unifiedjs.vscode-mdx` as far as VS Code's precedence goes: the `mdx` language with a
 * configuration (HTML comments, so that a test can tell it from ours) and a grammar of its own (no embedded YAML).
 */
function standInMdxExtension(folder: string, engine: string): string {
  mkdirSync(folder);
  const manifest = {
    name: 'vscode-mdx',
    publisher: 'unifiedjs',
    version: '0.0.1',
    description: 'A stand-in for the MDX extension in the tests',
    license: 'MIT',
    engines: { vscode: engine },
    contributes: {
      languages: [{ id: 'mdx', aliases: ['MDX'], extensions: ['.mdx'], configuration: './language-configuration.json' }],
      grammars: [{ language: 'mdx', scopeName: 'source.mdx', path: './mdx.tmLanguage.json' }],
    },
  };
  writeFileSync(join(folder, 'package.json'), JSON.stringify(manifest));
  writeFileSync(join(folder, 'language-configuration.json'), JSON.stringify({ comments: { blockComment: ['<!--', '-->'] } }));
  writeFileSync(join(folder, 'mdx.tmLanguage.json'), JSON.stringify({ scopeName: 'source.mdx', patterns: [] }));
  writeFileSync(join(folder, 'README.md'), 'A stand-in for the MDX extension in the tests.\n');
  const vsix = join(folder, 'stand-in.vsix');
  const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  const packed = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', vsix], { cwd: folder, encoding: 'utf8', timeout: 60_000 });
  assert.equal(packed.status, 0, `${packed.stdout}\n${packed.stderr}`);
  return vsix;
}

/** The bound CONTRIBUTING.md's Packaging gives the .vsix: "`dist/docs-json-tools-0.1.0.vsix`: **446 KiB** (at most 520 KiB)". */
function readmeVsixBound(): number {
  const match = /`dist\/docs-json-tools-[\d.]+\.vsix`: \*\*[\d.]+ KiB\*\* \(at most (\d+) KiB\)/.exec(readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8'));
  assert.ok(match, 'CONTRIBUTING.md gives the .vsix size and its bound');
  return Number(match[1]) * 1024;
}

test('the .vsix as users get it: npm run package, installed by code-server, the smoke suites on the installed extension', { timeout: 15 * 60_000, skip: ONLY_SUITES && `DOCS_VSCODE_SUITES=${ONLY_SUITES.join(',')}: only those suites` }, async (t) => {
  const missing = await noHost();
  if (missing) return t.skip(missing);
  const stage = stagedCheckout('vsix-');
  const vsix = join(stage, 'docs-json-tools.vsix');
  const packed = spawnSync('npm', ['run', 'package', '--', vsix], { cwd: stage, encoding: 'utf8', timeout: 600_000 });
  assert.equal(packed.status, 0, `${packed.stdout}\n${packed.stderr}`);
  const size = statSync(vsix).size;
  assert.ok(size <= readmeVsixBound(), `the .vsix is ${size} bytes, over CONTRIBUTING.md's bound of ${readmeVsixBound()}`);

  const install = await import(pathToFileURL(join(root, 'scripts', 'vscode-install.mjs')).href);
  install.installHost();
  const extensionsDir = join(stage, 'extensions');
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  for (const extension of [vsix, standInMdxExtension(join(stage, 'stand-in-mdx'), manifest.engines.vscode)]) {
    const installed = spawnSync(install.nodeBin, [install.codeServerBin, '--extensions-dir', extensionsDir, '--install-extension', extension], {
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, EXTENSIONS_GALLERY: '{}' },
    });
    assert.equal(installed.status, 0, `${installed.stdout}\n${installed.stderr}`);
  }
  const folder = join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => relative(folder, join(e.parentPath, e.name))).sort();
  assert.ok(files.includes('dist/client/extension.js') && files.includes('dist/server/server-main.js'), files.join(', '));
  assert.deepEqual(files.filter((file) => /\.(ts|map)$|^(test|examples|node_modules|server\/src)\//.test(file)), [], 'no sources, tests or examples');
  assert.match(readFileSync(join(folder, files.find((file) => /^readme\.md$/i.test(file))!), 'utf8'), /^## Connect the documentation service$/m, "the writers' README");

  // The extension under development is an empty one: the extension that runs is the installed one.
  const runner = join(stage, 'smoke-runner');
  mkdirSync(runner);
  writeFileSync(join(runner, 'package.json'), JSON.stringify({ name: 'vsix-smoke-runner', publisher: 'test', version: '0.0.0', engines: { vscode: manifest.engines.vscode } }));
  await runInVsCode(t, { developmentPath: runner, extensionsDir, suites: VSIX_SMOKE_SUITES, mdxNeighbour: 'unifiedjs.vscode-mdx' });
});
