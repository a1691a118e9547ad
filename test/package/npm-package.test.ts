// The npm package as a docs repository gets it: packed by `npm run package:npm` (production build, a manifest without
// install scripts), installed from the tarball into a folder outside this checkout, its two commands run from node_modules/.bin.
import assert from 'node:assert/strict';
import { spawnSync, SpawnSyncOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { test } from 'node:test';
import { stagedCheckout } from '../helpers/staged-checkout';
import { tempDir } from '../helpers/temp-dir';
import { LspTestClient } from '../lsp/helpers/lsp-client';

const REPO = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
// The bins' `#!/usr/bin/env node` finds this Node first.
const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}` };

function run(command: string, args: string[], options: SpawnSyncOptions = {}) {
  // Bounds against a hang only: two clones tested at once load a machine of 2 cores past 30.
  const result = spawnSync(command, args, { encoding: 'utf8', env, timeout: 600_000, ...options });
  return { status: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

/** The bound CONTRIBUTING.md's Packaging gives the tarball: "`docs-json-tools-0.1.0.tgz`: **534 kB** (at most 600 kB". */
function readmeBound(): number {
  const readme = fs.readFileSync(path.join(REPO, 'CONTRIBUTING.md'), 'utf8');
  const match = /`docs-json-tools-[\d.]+\.tgz`: \*\*[\d.]+ kB\*\* \(at most (\d+) kB/.exec(readme);
  assert.ok(match, 'CONTRIBUTING.md gives the tarball size and its bound');
  return Number(match[1]) * 1000;
}

test('npm run package:npm: the bundles, the schema, the bins, README and LICENSE, no dependency, no script; installed alone, check and the language server work', { timeout: 900_000 }, async () => {
  const stage = stagedCheckout('npm-pack-');
  const packed = run('npm', ['run', 'package:npm', '--', stage], { cwd: stage });
  assert.equal(packed.status, 0, packed.stderr);
  const filename = `${manifest.name}-${manifest.version}.tgz`;
  const listed = run('tar', ['tzvf', path.join(stage, filename)]);
  assert.equal(listed.status, 0, listed.stderr);
  const files = listed.stdout.trim().split('\n').map((line) => ({ path: line.split(/\s+/).pop()!.replace(/^package\//, '') }));
  const size = fs.statSync(path.join(stage, filename)).size;
  const rulePages = fs.readdirSync(path.join(REPO, 'docs', 'rules')).map((page) => `docs/rules/${page}`);
  assert.deepEqual(files.map((f) => f.path).sort(), [
    'CHANGELOG.md', 'LICENSE', 'README.md', 'bin/docs-json-language-server.js', 'bin/docs-json.js', 'bin/unbuilt.js',
    'dist/cli/main.js', 'dist/cli/start.js', 'dist/server/mdx-worker.js', 'dist/server/name-lists.json', 'dist/server/server-main.js', 'dist/server/server.js', 'dist/server/spec-worker.js', 'dist/server/spec-validation-worker.js',
    'package.json', 'schemas/docs-json.config.schema.json', 'schemas/docs.schema.json', ...rulePages,
  ].sort());
  assert.ok(size <= readmeBound(), `the tarball is ${size} bytes, over CONTRIBUTING.md's bound of ${readmeBound()}`);
  assert.equal(manifest.dependencies, undefined, 'the bundles hold every runtime dependency');
  // npm warns users about install scripts; the repository's postinstall (a clone's build) stays out.
  const shipped = JSON.parse(run('tar', ['xzf', path.join(stage, filename), '-O', 'package/package.json']).stdout);
  assert.equal(shipped.scripts, undefined);
  assert.equal(shipped.devDependencies, undefined);
  const { scripts, devDependencies, files: listedFiles, ...rest } = manifest;
  assert.deepEqual(shipped, { ...rest, files: listedFiles.filter((file: string) => file !== 'scripts/install-build.mjs') });
  assert.ok(scripts.postinstall && devDependencies.esbuild, 'the repository keeps its build');
  assert.deepEqual(Object.keys(manifest.bin).sort(), ['docs-json', 'docs-json-language-server']);

  // A docs repository that has never seen this checkout: no registry needed, as the package has no dependency.
  const docs = tempDir('docs-repo-');
  fs.writeFileSync(path.join(docs, 'package.json'), '{ "private": true }\n');
  const installed = run('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(stage, filename)], { cwd: docs });
  assert.equal(installed.status, 0, installed.stderr);
  // Issue 47: no EBADENGINE on Node 20: the package has no dependency (the one warning, on a dev dependency, is a clone's).
  assert.doesNotMatch(installed.stderr, /EBADENGINE|Unsupported engine/);
  fs.cpSync(path.join(REPO, 'examples', 'broken'), path.join(docs, 'site'), { recursive: true });
  const bin = (name: string) => path.join(docs, 'node_modules', '.bin', name);

  // The version, then the platform release the checks were last compared with (docs/parity/matched.json), as this checkout says.
  const version = run(bin('docs-json'), ['--version'], { cwd: docs });
  const ours = run(process.execPath, [path.join(REPO, 'bin', 'docs-json.js'), '--version'], { cwd: REPO });
  assert.deepEqual([version.status, version.stdout], [0, ours.stdout]);
  assert.match(version.stdout, new RegExp(`^${manifest.version.replace(/\./g, '\\.')}\nchecks (last compared with @mintlify\\/cli |not yet compared)`));
  // The same findings as this checkout's build gives, and the same exit status.
  // From inside each docs folder: text and JSON paths are relative to the current folder when it holds the site.
  const checked = run(bin('docs-json'), ['check', '.', '--format', 'json'], { cwd: path.join(docs, 'site') });
  const expected = run(process.execPath, [path.join(REPO, 'bin', 'docs-json.js'), 'check', '.', '--format', 'json'], { cwd: path.join(REPO, 'examples', 'broken') });
  assert.equal(checked.status, 1, checked.stderr);
  assert.equal(expected.status, 1, expected.stderr);
  const findings = JSON.parse(checked.stdout).diagnostics;
  assert.ok(findings.length > 30, `${findings.length} findings`);
  assert.deepEqual(findings, JSON.parse(expected.stdout).diagnostics);

  // The form the README's CI recipe runs, without installing into the repository.
  const npx = run('npx', ['--yes', '--offline', '-p', path.join(stage, filename), 'docs-json', 'check', 'site'], { cwd: docs });
  assert.equal(npx.status, 1, npx.stderr);
  assert.match(npx.stdout, new RegExp(`^${findings.length} problems \\(`, 'm'));

  const site = path.join(docs, 'site');
  const client = await LspTestClient.start(site, { command: [bin('docs-json-language-server'), '--stdio'] });
  try {
    assert.ok(client.initializeResult.capabilities.completionProvider, 'the server answers initialize with its capabilities');
    const docsJson = path.join(site, 'docs.json');
    await client.open(docsJson);
    const fromCli = findings.filter((f: { file: string }) => f.file === 'docs.json');
    const expected = fromCli.map((f: { line: number; code: string }) => [f.line, f.code]).sort();
    const lines = (diagnostics: Diagnostic[]) => diagnostics.map((d) => [d.range.start.line + 1, d.code]).sort();
    // The first publication waits for no spec: what needs one (endpoints, links to generated pages) comes in the next.
    const published = await client
      .diagnosticsOf(docsJson, (diagnostics) => JSON.stringify(lines(diagnostics)) === JSON.stringify(expected))
      .catch(() => client.currentDiagnostics(docsJson));
    assert.deepEqual(lines(published), expected);
    // Each links to its rule's page, shipped in the package.
    const pages = path.join(fs.realpathSync(path.join(docs, 'node_modules', 'docs-json-tools')), 'docs', 'rules');
    for (const d of published) assert.equal(d.codeDescription?.href, pathToFileURL(path.join(pages, `${d.code}.md`)).href);
    assert.ok(published.every((d) => fs.existsSync(path.join(pages, `${d.code}.md`))));
  } finally {
    await client.stop();
  }
});
