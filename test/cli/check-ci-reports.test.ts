// Issue 32 (SARIF and annotations relative to the repository's root, a valid SARIF on exit 2) and issue 33 (the
// GitHub job summary, GitLab's code quality report): each validated against its schema, from a repository whose
// docs live in `docs/`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeDocsRepo } from '../helpers/docs-repo';
import { gitlabErrors, sarifErrors } from '../helpers/report-schemas';

const BIN = path.resolve(__dirname, '../../bin/docs-json.js');

function run(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A repository (a `.git` folder) whose docs are in `docs/`: a missing page, a broken link, a hostile message. */
function repository(): { repo: string; docs: string } {
  const repo = makeDocsRepo({
    'docs/docs.json': { navigation: { pages: ['guide', 'gone', 'x | [evil](https://evil.example) <img src=x> `a`'] } },
    'docs/guide.mdx': '# Guide\n\n[a](/nowhere)\n',
    'README.md': '',
  });
  fs.mkdirSync(path.join(repo, '.git'));
  return { repo, docs: path.join(repo, 'docs') };
}

type SarifResult = { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string } } }[] };

test('--format sarif: valid SARIF 2.1.0, artifact URIs relative to the repository root through %SRCROOT%, from any folder', () => {
  const { repo, docs } = repository();
  for (const [cwd, dir] of [[repo, 'docs'], [docs, '.'], [path.dirname(repo), path.join(path.basename(repo), 'docs')]]) {
    const { status, stdout } = run(['check', dir, '--format', 'sarif'], cwd);
    assert.equal(status, 1);
    const sarif = JSON.parse(stdout);
    assert.deepEqual(sarifErrors(sarif), []);
    const [only] = sarif.runs;
    assert.equal(only.originalUriBaseIds['%SRCROOT%'].uri, `${new URL(`file://${repo}/`).href}`);
    const results: SarifResult[] = only.results;
    const uris = results.map((r) => r.locations[0].physicalLocation.artifactLocation);
    assert.ok(uris.length >= 3);
    for (const { uri, uriBaseId } of uris) {
      assert.equal(uriBaseId, '%SRCROOT%');
      assert.ok(fs.existsSync(path.join(repo, decodeURIComponent(uri))), `${uri} is a file of the repository`);
    }
    assert.ok(uris.some((u) => u.uri === 'docs/guide.mdx'), JSON.stringify(uris));
    assert.ok(uris.some((u) => u.uri === 'docs/docs.json'));
  }
});

test('--format sarif when the check cannot run (exit 2): a valid SARIF run without results that says why, never an empty file', () => {
  const { repo } = repository();
  const report = path.join(repo, 'out.sarif');
  for (const args of [['check', 'nowhere'], ['check', 'docs', '--frobnicate'], ['check', 'docs', '--max-warnings', 'many']]) {
    fs.rmSync(report, { force: true });
    const { status, stdout, stderr } = run([...args, '--format', 'sarif', '--report', `sarif=${report}`], repo);
    assert.equal(status, 2, args.join(' '));
    const why = /^docs-json check: (.+)\n$/.exec(stderr)?.[1];
    assert.ok(why, stderr);
    for (const text of [stdout, fs.readFileSync(report, 'utf8')]) {
      const sarif = JSON.parse(text);
      assert.deepEqual(sarifErrors(sarif), []);
      assert.deepEqual(sarif.runs[0].results, []);
      assert.deepEqual(sarif.runs[0].invocations, [{ executionSuccessful: false, toolExecutionNotifications: [{ level: 'error', message: { text: why } }] }]);
    }
  }
});

test('--format sarif: a translation\'s structural finding carries its source\'s line as a related location, relative to the repository root; valid SARIF 2.1.0', () => {
  const en = '---\ntitle: "Setup"\n---\n\n## Install\n\n```bash\nnpm i acme\n```\n\n## Configure\n\n<Warning>Keep the key secret.</Warning>\n';
  const es = '---\ntitle: "Configuración"\n---\n\n## Instalar\n\n```bash\nnpm i acme\n```\n\n## Configurar\n';
  const repo = makeDocsRepo({
    'my docs/docs.json': { navigation: { languages: [{ language: 'en', pages: ['en/setup', 'en/gone'] }, { language: 'es', pages: ['es/setup'] }] } },
    'my docs/en/setup.mdx': en,
    'my docs/es/setup.mdx': es,
  });
  fs.mkdirSync(path.join(repo, '.git'));
  for (const [cwd, dir] of [[repo, 'my docs'], [path.join(repo, 'my docs'), '.']]) {
    const { stdout } = run(['check', dir, '--format', 'sarif'], cwd);
    const sarif = JSON.parse(stdout);
    assert.deepEqual(sarifErrors(sarif), []);
    const results: (SarifResult & { ruleId: string; relatedLocations?: unknown })[] = sarif.runs[0].results;
    const structure = results.filter((r) => r.ruleId === 'translation-structure');
    assert.equal(structure.length, 1, JSON.stringify(results));
    assert.equal(structure[0].locations[0].physicalLocation.artifactLocation.uri, 'my%20docs/es/setup.mdx');
    assert.deepEqual(structure[0].relatedLocations, [
      {
        id: 0,
        physicalLocation: { artifactLocation: { uri: 'my%20docs/en/setup.mdx', uriBaseId: '%SRCROOT%' }, region: { startLine: 13 } },
        message: { text: 'the source\'s "<Warning>"' },
      },
    ]);
    // The quiet twin: a finding that refers to no other place has no related locations.
    const others = results.filter((r) => r.ruleId !== 'translation-structure');
    assert.ok(others.length >= 1, JSON.stringify(results));
    for (const other of others) assert.equal(other.relatedLocations, undefined, other.ruleId);
  }
  // The JSON format carries the same related place, its path relative as the finding's is.
  const json = JSON.parse(run(['check', 'my docs', '--format', 'json'], repo).stdout);
  const [found] = json.diagnostics.filter((d: { code: string }) => d.code === 'translation-structure');
  assert.equal(found.file, 'my docs/es/setup.mdx');
  assert.deepEqual(found.related, [{ file: 'my docs/en/setup.mdx', line: 13, message: 'the source\'s "<Warning>"' }]);
});

test('--format github: annotation files are relative to the repository root, also when run inside the docs folder', () => {
  const { repo, docs } = repository();
  const { status, stdout } = run(['check', '--format', 'github'], docs);
  assert.equal(status, 1);
  const files = stdout.trimEnd().split('\n').map((line) => /^::\w+ file=([^,]*),/.exec(line)?.[1]);
  assert.ok(files.includes('docs/guide.mdx') && files.includes('docs/docs.json'), stdout);
  assert.ok(files.every((file) => file && fs.existsSync(path.join(repo, file))), stdout);
});

test('--format gitlab: the code quality report GitLab reads, repository paths, fingerprints unique and kept when lines move', () => {
  const { repo, docs } = repository();
  const first = JSON.parse(run(['check', 'docs', '--format', 'gitlab'], repo).stdout);
  assert.deepEqual(gitlabErrors(first), []);
  assert.ok(first.length >= 3);
  assert.ok(first.some((issue: { location: { path: string } }) => issue.location.path === 'docs/guide.mdx'));
  assert.equal(new Set(first.map((issue: { fingerprint: string }) => issue.fingerprint)).size, first.length, 'one fingerprint per finding');
  const link = first.find((issue: { check_name: string }) => issue.check_name === 'broken-link');
  assert.deepEqual([link.severity, link.location.lines.begin], ['major', 3]);

  // Two lines added above the link: the same finding keeps its fingerprint on its new line.
  fs.writeFileSync(path.join(docs, 'guide.mdx'), '# Guide\n\nA new paragraph.\n\n[a](/nowhere)\n');
  const second = JSON.parse(run(['check', 'docs', '--format', 'gitlab'], repo).stdout);
  const moved = second.find((issue: { check_name: string }) => issue.check_name === 'broken-link');
  assert.deepEqual([moved.fingerprint, moved.location.lines.begin], [link.fingerprint, 5]);
  // Nothing found: an empty report, still valid.
  const clean = makeDocsRepo({ 'docs.json': { navigation: { pages: ['a'] } }, 'a.mdx': '' });
  const empty = run(['check', '--format', 'gitlab'], clean);
  assert.deepEqual([empty.status, JSON.parse(empty.stdout)], [0, []]);
});

/** The cells of a Markdown table row, split at the pipes that are not escaped. */
function cells(row: string): string[] {
  return row.slice(1, -1).split(/(?<!\\)\|/).map((cell) => cell.trim());
}

test('--format summary: counts per rule, then the findings linked to their lines; page strings cannot add links or cells', () => {
  const { repo } = repository();
  const env = { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'octo/site', GITHUB_SHA: 'abc123' };
  const { status, stdout } = run(['check', 'docs', '--format', 'summary'], repo, env);
  assert.equal(status, 1);
  const json = JSON.parse(run(['check', 'docs', '--format', 'json'], repo).stdout).diagnostics as { code: string; line: number; file: string }[];
  const lines = stdout.split('\n');
  assert.equal(lines[0], '### docs.json check');
  const tables = stdout.split('\n\n').filter((block) => block.startsWith('|')).map((block) => block.trimEnd().split('\n'));
  assert.equal(tables.length, 2, stdout);
  const [rules, findings] = tables;
  assert.deepEqual(cells(rules[0]), ['Rule', 'Errors', 'Warnings', 'Info', 'Hints']);
  for (const row of rules.slice(2)) {
    const [code, ...counts] = cells(row);
    assert.equal(counts.map(Number).reduce((a, b) => a + b), json.filter((d) => d.code === code.replace(/\\/g, '')).length, row);
  }
  assert.equal(findings.length - 2, json.length);
  for (const row of findings.slice(2)) assert.equal(cells(row).length, 4, `a message added a cell: ${row}`);
  assert.ok(stdout.includes('| error | [docs/guide.mdx:3](https://github.com/octo/site/blob/abc123/docs/guide.mdx#L3) | broken-link |'), stdout);
  assert.doesNotMatch(stdout, /\[evil\]\(https:\/\/evil|<img/, 'a page string made a link or an element');

  // Without GitHub's variables, no link; without findings, one line.
  assert.match(run(['check', 'docs', '--format', 'summary'], repo, { GITHUB_SERVER_URL: '' }).stdout, /\| error \| docs\/guide\.mdx:3 \| broken-link \|/);
  const clean = makeDocsRepo({ 'docs.json': { navigation: { pages: ['a'] } }, 'a.mdx': '' });
  assert.equal(run(['check', '--format', 'summary'], clean).stdout, '### docs.json check\n\nNo problems found\n');
});

test('--report FORMAT=FILE: one check writes every report; a summary is appended to what the file holds', () => {
  const { repo } = repository();
  const summary = path.join(repo, 'summary.md');
  fs.writeFileSync(summary, '# Earlier step\n');
  const sarif = path.join(repo, 'out.sarif');
  fs.writeFileSync(sarif, 'stale');
  const { status, stdout } = run(['check', 'docs', '--format', 'github', '--report', `sarif=${sarif}`, '--report', 'summary=summary.md', '--report=gitlab=gl.json'], repo);
  assert.equal(status, 1);
  assert.match(stdout, /^::error file=docs\//m);
  assert.deepEqual(sarifErrors(JSON.parse(fs.readFileSync(sarif, 'utf8'))), []);
  assert.deepEqual(gitlabErrors(JSON.parse(fs.readFileSync(path.join(repo, 'gl.json'), 'utf8'))), []);
  assert.match(fs.readFileSync(summary, 'utf8'), /^# Earlier step\n### docs\.json check\n\n\d+ problems/);
  for (const bad of ['xml=a', 'sarif', 'sarif=']) {
    const refused = run(['check', 'docs', '--report', bad], repo);
    assert.equal(refused.status, 2, bad);
    assert.match(refused.stderr, /--report takes FORMAT=FILE/);
  }
  const unwritable = run(['check', 'docs', '--report', `sarif=${path.join(repo, 'no/such/folder/x.sarif')}`], repo);
  assert.equal(unwritable.status, 2);
  assert.match(unwritable.stderr, /cannot write the sarif report to .*x\.sarif: its folder does not exist\n$/);
});
