// The release workflow (.github/workflows/release.yml), dry run: its shape (a v* tag, the tests first, a registry
// only given its token, a GitHub release with both files), then the package job's steps run for real in a clone of
// HEAD: the version check, the npm tarball, the .vsix, and npm publish with --dry-run (without --provenance, which
// needs GitHub's OIDC token). The clone shares this checkout's node_modules: `npm ci` is the clone test's.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { tempDir } from '../helpers/temp-dir';
import { writerEnv } from '../helpers/writer-env';

const REPO = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));

interface Step {
  id?: string;
  if?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}
interface Workflow {
  on: { push: { tags: string[] } };
  jobs: Record<string, { uses?: string; needs?: string; permissions?: Record<string, string>; env?: Record<string, string>; steps?: Step[] }>;
}
const workflow = parse(fs.readFileSync(path.join(REPO, '.github', 'workflows', 'release.yml'), 'utf8')) as Workflow;
const job = workflow.jobs.package;
const step = (id: string): Step => {
  const found = job.steps!.find((s) => s.id === id);
  assert.ok(found, `step ${id}`);
  return found;
};

test('release.yml: a v* tag runs the tests, then packs both files, publishes where a token is set, and makes a GitHub release', () => {
  assert.deepEqual(workflow.on.push.tags, ['v*']);
  assert.equal(workflow.jobs.test.uses, './.github/workflows/ci.yml');
  assert.equal(job.needs, 'test');
  assert.deepEqual(job.permissions, { contents: 'write', 'id-token': 'write' });
  assert.match(step('npm-publish').run!, /^npm publish "\.\/release\/.*\.tgz" --provenance --access public$/);
  for (const [id, token] of [['npm-publish', 'NPM_TOKEN'], ['marketplace-publish', 'VSCE_PAT'], ['open-vsx-publish', 'OVSX_PAT']]) {
    assert.equal(step(id).if, `env.${token} != ''`, `${id} runs only with ${token}`);
    assert.equal(job.env![token], `\${{ secrets.${token} }}`);
  }
  assert.match(step('marketplace-publish').run!, /vsce publish --packagePath "release\/.*\.vsix"/);
  assert.match(step('open-vsx-publish').run!, /ovsx@[\d.]+ publish "release\/.*\.vsix"/);
  assert.match(step('github-release').run!, /^gh release create "\$GITHUB_REF_NAME" .* release\/\*\.tgz release\/\*\.vsix$/);
  // The CI workflow it calls runs the README's test command.
  const ci = fs.readFileSync(path.join(REPO, '.github', 'workflows', 'ci.yml'), 'utf8');
  assert.match(ci, /workflow_call:/);
  assert.match(ci, /run: \.ci\/run$/m);
});

function sh(script: string, cwd: string, env: NodeJS.ProcessEnv) {
  const result = spawnSync('bash', ['-eo', 'pipefail', '-c', script], { cwd, env, encoding: 'utf8', timeout: 300_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function listTarball(file: string): string[] {
  const result = spawnSync('tar', ['tzf', file], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.trim().split('\n');
}

function listZip(file: string): string[] {
  const result = spawnSync('python3', ['-c', 'import sys, zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', file], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.trim().split('\n');
}

test('release.yml, dry run in a clone: the version check, the tarball, the .vsix, npm publish --dry-run', { timeout: 600_000 }, () => {
  const clone = path.join(tempDir('release-'), 'repo');
  assert.equal(spawnSync('git', ['clone', '-q', REPO, clone]).status, 0);
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
  const output = path.join(clone, 'github-output');
  const env = { ...writerEnv(), GITHUB_REF_NAME: `v${manifest.version}`, GITHUB_OUTPUT: output };

  const wrongTag = sh(step('version').run!, clone, { ...env, GITHUB_REF_NAME: 'v0.0.0-not-it' });
  assert.notEqual(wrongTag.status, 0, 'a tag that is not the version stops the release');
  const version = sh(step('version').run!, clone, env);
  assert.equal(version.status, 0, version.output);
  assert.equal(fs.readFileSync(output, 'utf8'), `version=${manifest.version}\n`);
  const expand = (run: string) => run.replaceAll('${{ steps.version.outputs.version }}', manifest.version);

  // The steps in the workflow's order: the repository is filled in after the .vsix, before the tarball.
  assert.deepEqual(job.steps!.map((s) => s.id).filter((id) => ['vsix', 'repository', 'pack', 'npm-publish'].includes(id!)), ['vsix', 'repository', 'pack', 'npm-publish']);
  const github = { ...env, GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'octo/docs-json-tools' };
  for (const id of ['vsix', 'repository', 'pack']) {
    const ran = sh(expand(step(id).run!), clone, github);
    assert.equal(ran.status, 0, `${id}: ${ran.output}`);
  }
  const tarball = path.join(clone, 'release', `docs-json-tools-${manifest.version}.tgz`);
  const vsix = path.join(clone, 'release', `docs-json-tools-${manifest.version}.vsix`);
  const packed = listTarball(tarball);
  for (const file of ['bin/docs-json.js', 'bin/docs-json-language-server.js', 'dist/cli/main.js', 'dist/server/server-main.js', 'schemas/docs.schema.json', 'package.json', 'README.md', 'LICENSE']) {
    assert.ok(packed.includes(`package/${file}`), `${file} in the tarball`);
  }
  const shipped = JSON.parse(spawnSync('tar', ['xzf', tarball, '-O', 'package/package.json'], { encoding: 'utf8' }).stdout);
  assert.equal(shipped.scripts, undefined, 'no install script');
  // What npm publish --provenance checks against the building repository (issue 47).
  assert.deepEqual(shipped.repository, { type: 'git', url: 'git+https://github.com/octo/docs-json-tools.git' });
  assert.equal(shipped.homepage, 'https://github.com/octo/docs-json-tools#readme');
  // The installed package's SARIF links each rule's page at the release's tag, a public URL.
  const unpacked = tempDir('release-unpacked-');
  assert.equal(spawnSync('tar', ['xzf', tarball, '-C', unpacked]).status, 0);
  const site = path.join(unpacked, 'site');
  fs.mkdirSync(site);
  fs.writeFileSync(path.join(site, 'docs.json'), JSON.stringify({ $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'x', colors: { primary: '#123456' }, navigation: { pages: ['gone'] } }));
  const sarif = spawnSync(process.execPath, [path.join(unpacked, 'package', 'bin', 'docs-json.js'), 'check', site, '--format', 'sarif', '--no-check-mdx'], { encoding: 'utf8' });
  const rule = JSON.parse(sarif.stdout).runs[0].tool.driver.rules.find((r: { id: string }) => r.id === 'missing-page');
  assert.equal(rule.helpUri, `https://github.com/octo/docs-json-tools/blob/v${manifest.version}/docs/rules/missing-page.md`);
  const inVsix = listZip(vsix);
  for (const file of ['extension/package.json', 'extension/readme.md', 'extension/dist/client/extension.js', 'extension/dist/server/server-main.js', 'extension/media/screenshot.png']) {
    assert.ok(inVsix.includes(file), `${file} in the .vsix`);
  }
  assert.deepEqual(inVsix.filter((file) => /node_modules|\.map$|\/src\//.test(file)), []);
  // The Marketplace page's picture is the one in the .vsix: a relative link, no repository URL made up for it.
  const readme = spawnSync('python3', ['-c', 'import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read("extension/readme.md").decode())', vsix], { encoding: 'utf8' }).stdout;
  assert.match(readme, /!\[[^\]]*\]\(media\/screenshot\.png\)/);

  const publish = expand(step('npm-publish').run!).replace(' --provenance', '');
  const dry = sh(`${publish} --dry-run`, clone, env);
  assert.equal(dry.status, 0, dry.output);
  assert.match(dry.output, new RegExp(`\\+ docs-json-tools@${manifest.version.replaceAll('.', '\\.')}`));
  assert.match(dry.output, /\(dry-run\)/);
});
