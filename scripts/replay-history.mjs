// Replays a docs repository's history through the gate as CI runs it on a pull request (issue 47): for each of the
// last N first-parent commits that touch docs files, the parent's findings are accepted (`check --suppress-all`),
// then the commit is checked with that suppressions file, and what the gate reports is compared with what the
// commit really broke: its errors that the parent did not have (same rule and message, the file followed through
// git's rename detection). The gate should fail exactly when the commit broke something, and report only that, but
// for the parent's findings that suppressions never accept (a site that does not build), which fail every commit.
//
//   node scripts/replay-history.mjs GIT_DIR [--commits N | --revs A,B,…] [--docs SUBDIR] [--cli FILE] [--json OUT]
//   node scripts/replay-history.mjs GIT_DIR --urls [--commits N | --revs A,B,…] [--docs SUBDIR] [--cli FILE] [--json OUT]
//
// --urls (issue 50) replays the URLs each commit kills instead: the commit is checked with `--base PARENT` (git
// reads the repository through GIT_DIR, the exported commit as its work tree) and the killed-url findings are
// compared with what a second, plain reckoning says the commit killed: the parent's page files (no snippets,
// partials, dot folders or notes) and exact redirect sources whose URL (`/a/index` read as `/a`) no page file of
// the commit serves and no source of its redirects (exact, or a pattern read as a regular expression) matches; the
// root is always served (by the navigation's first page when there is no index page); files `.mintignore` leaves out
// are no pages; a pattern source the commit drops is killed unless a sample of its URLs is still served.
//
// GIT_DIR is a repository (bare or not); nothing in it is changed: each revision is exported with `git archive`
// into a temporary folder. --cli is the docs-json entry to run (default: shipped/cli/start.js, what the Action and
// the hook run). Prints one line a commit and a summary; exits 1 when the gate was wrong on some commit.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// `.mintignore` too: what it leaves out the platform stops serving (dify-docs #749 ignored versions/: 465 URLs).
const DOCS_FILE = /(^|\/)docs\.json$|(^|\/)\.mintignore$|\.(mdx?|json|ya?ml)$/;

function option(args, name, fallback) {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args[at + 1];
}

function git(gitDir, args, input) {
  const result = spawnSync('git', ['--git-dir', gitDir, ...args], { encoding: input === 'buffer' ? 'buffer' : 'utf8', maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/**
 * Writes `rev`'s files into `folder`. Not `git archive`: a fetched snapshot may lack its largest blobs (images, PDFs),
 * and a file's presence is all a check needs of those, so a missing blob is written empty.
 */
function exportRevision(gitDir, rev, folder) {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const entries = git(gitDir, ['ls-tree', '-r', '-z', rev])
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const [meta, path] = line.split('\t');
      const [mode, type, oid] = meta.split(' ');
      return { mode, type, oid, path };
    })
    .filter((entry) => entry.type === 'blob' && entry.mode !== '120000');
  const batch = spawnSync('git', ['--git-dir', gitDir, 'cat-file', '--batch'], { input: entries.map((e) => e.oid).join('\n') + '\n', maxBuffer: 1 << 30 });
  const out = batch.stdout;
  let at = 0;
  for (const entry of entries) {
    const end = out.indexOf(10, at);
    const header = out.subarray(at, end).toString('utf8');
    at = end + 1;
    let contents = Buffer.alloc(0);
    if (!header.endsWith(' missing')) {
      const size = Number(header.split(' ')[2]);
      contents = out.subarray(at, at + size);
      at += size + 1;
    }
    const file = join(folder, entry.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, contents);
  }
}

/** The old path → new path of each rename (and copy) git finds between two revisions. */
function renames(gitDir, from, to) {
  const map = new Map();
  for (const line of git(gitDir, ['diff', '--name-status', '-M', from, to]).split('\n')) {
    const [status, oldPath, newPath] = line.split('\t');
    if (status?.startsWith('R')) map.set(oldPath, newPath);
  }
  return map;
}

function check(cli, docs, args) {
  const result = spawnSync(process.execPath, [cli, 'check', docs, '--format', 'json', ...args], { cwd: docs, encoding: 'utf8', maxBuffer: 1 << 28 });
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    report = { diagnostics: [], suppressed: [] };
  }
  return { status: result.status, stderr: result.stderr.trim(), diagnostics: report.diagnostics ?? [], suppressed: report.suppressed ?? [] };
}

const key = (file, d) => `${file}\u0000${d.code}\u0000${d.message}`;

/** The errors of `after` beyond those of `before` (a multiset by file, rule and message; files followed through `moved`). */
function newErrors(before, after, moved) {
  const counts = new Map();
  for (const d of before.filter((d) => d.severity === 'error')) {
    const k = key(moved.get(d.file) ?? d.file, d);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return after.filter((d) => {
    if (d.severity !== 'error') return false;
    const k = key(d.file, d);
    const left = counts.get(k) ?? 0;
    if (left === 0) return true;
    counts.set(k, left - 1);
    return false;
  });
}

/** Replays the last `commits` first-parent commits of `gitDir` that touch docs files; one record a commit. */
export function replay({ gitDir, commits = 20, revs, docs = '', cli = join(root, 'shipped', 'cli', 'start.js'), onCommit = () => {} }) {
  const work = mkdtempSync(join(tmpdir(), 'docs-json-replay-'));
  const records = [];
  try {
    const [parentDir, commitDir] = [join(work, 'parent'), join(work, 'commit')];
    const suppressions = join(work, 'suppressions.json');
    const cache = join(work, 'cache');
    const candidates = revs ?? git(gitDir, ['rev-list', '--first-parent', '--no-merges', 'HEAD']).trim().split('\n').filter(Boolean);
    for (const commit of candidates) {
      if (records.length >= commits) break;
      const parent = git(gitDir, ['rev-parse', `${commit}^`]).trim();
      const changed = git(gitDir, ['diff', '--name-only', '-M', parent, commit]).split('\n').filter((file) => DOCS_FILE.test(file) && (!docs || file.startsWith(`${docs}/`)));
      if (changed.length === 0) continue;
      exportRevision(gitDir, parent, parentDir);
      exportRevision(gitDir, commit, commitDir);
      rmSync(suppressions, { force: true });
      const docsOf = (folder) => (docs ? join(folder, docs) : folder);
      if (!existsSync(join(docsOf(parentDir), 'docs.json')) || !existsSync(join(docsOf(commitDir), 'docs.json'))) continue;
      const common = ['--cache', '--cache-location', cache, '--suppressions-location', suppressions];
      const before = check(cli, docsOf(parentDir), [...common, '--suppress-all']);
      const after = check(cli, docsOf(commitDir), common);
      const moved = renames(gitDir, parent, commit);
      const prefix = docs ? `${docs}/` : '';
      const movedInDocs = new Map([...moved].filter(([from]) => from.startsWith(prefix)).map(([from, to]) => [from.slice(prefix.length), to.slice(prefix.length)]));
      const broke = newErrors([...before.diagnostics, ...before.suppressed], [...after.diagnostics, ...after.suppressed], movedInDocs);
      const reported = after.diagnostics.filter((d) => d.severity === 'error');
      // What --suppress-all could not accept on the parent (a site that does not build: missing-snippet, mdx-syntax…
      // are never suppressed) fails every commit until it is fixed: by design, not noise.
      const unsuppressible = new Set(before.diagnostics.filter((d) => d.severity === 'error').map((d) => key(movedInDocs.get(d.file) ?? d.file, d)));
      const brokeKeys = new Set(broke.map((d) => key(d.file, d)));
      const old = reported.filter((d) => !brokeKeys.has(key(d.file, d)) && unsuppressible.has(key(d.file, d)));
      const oldKeys = new Set(old.map((d) => key(d.file, d)));
      const reportedKeys = new Set(reported.map((d) => key(d.file, d)));
      const record = {
        commit: commit.slice(0, 10),
        subject: git(gitDir, ['log', '-1', '--format=%s', commit]).trim(),
        changed: changed.length,
        renames: movedInDocs.size,
        status: after.status,
        broke: broke.map((d) => `${d.file}:${d.line}  ${d.code}  ${d.message}`),
        unbuildable: old.map((d) => `${d.file}:${d.line}  ${d.code}  ${d.message}`),
        noise: reported.filter((d) => !brokeKeys.has(key(d.file, d)) && !oldKeys.has(key(d.file, d))).map((d) => `${d.file}:${d.line}  ${d.code}  ${d.message}`),
        missed: broke.filter((d) => !reportedKeys.has(key(d.file, d))).map((d) => `${d.file}:${d.line}  ${d.code}  ${d.message}`),
        stderr: after.status === 2 ? after.stderr : undefined,
      };
      record.right = record.status !== 2 && record.status === (broke.length || old.length ? 1 : 0) && record.noise.length === 0 && record.missed.length === 0;
      records.push(record);
      onCommit(record);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return records;
}


// As the checker's isConventionallyNotAPage: only the capitals rule is case-sensitive (one regular expression with
// /i took box-mintlify's files.md for a note like README.md).
const NOT_PAGE = /(^|\/)(snippets\/|\.|_)|(?:^|\/)(?:[^/_]*_[^/]*|readme|agents|claude)\.md$/i;
const CAPITALS = /(^|\/)[A-Z][A-Z0-9_-]*\.md$/;

function canonical(path) {
  let key = path.replace(/^\/+/, '').replace(/\/+$/, '');
  key = key.replace(/\.mdx?$/, '');
  if (key === 'index') return '';
  return key.endsWith('/index') ? key.slice(0, -6) : key;
}

/**
 * A plain reading of `.mintignore` (gitignore patterns; `!` lines are not read): whether it leaves a path out. The
 * platform serves no ignored file (dify-docs ignores `/tools/` and `/versions/`).
 */
function mintIgnored(text) {
  const rules = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'))
    .map((line) => {
      const dir = line.endsWith('/');
      const body = line.replace(/\/+$/, '');
      const anchored = body.includes('/');
      const glob = body
        .replace(/^\//, '')
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*\//g, '\u0000')
        .replace(/\*\*/g, '\u0001')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]')
        .replace(/\u0000/g, '(?:.*/)?')
        .replace(/\u0001/g, '.*');
      return new RegExp(`${anchored ? '^' : '(?:^|/)'}${glob}${dir ? '/' : '(?:$|/)'}`);
    });
  return (path) => rules.some((rule) => rule.test(path));
}

/** What the platform leaves out whatever `.mintignore` says (as the checker's mint-ignore.ts). */
const ALWAYS_IGNORED = /(?:^|\/)(?:\.git|\.github|\.vscode|\.idea|\.cursor|\.claude|node_modules)\/|^\.mintlify\/|(?:^|\/)(?:readme|license|contributing|changelog)\.md$/i;

/** The URLs a revision's docs folder serves by the plain reckoning, and its redirect sources. */
function plainSite(gitDir, rev, docs) {
  const prefix = docs ? `${docs}/` : '';
  const files = git(gitDir, ['ls-tree', '-r', '-z', '--name-only', rev, ...(docs ? ['--', prefix] : [])]).split('\0').filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length));
  let ignored = () => false;
  if (files.includes('.mintignore')) ignored = mintIgnored(git(gitDir, ['cat-file', 'blob', `${rev}:${prefix}.mintignore`]));
  const pages = new Set(files.filter((f) => /\.mdx?$/.test(f) && !NOT_PAGE.test(f) && !CAPITALS.test(f) && !ALWAYS_IGNORED.test(f) && !ignored(f) && !/(^|\/)\.|node_modules\//.test(f)).map(canonical));
  let redirects = [];
  // Without docs.json the folder is no site at that revision: it serves no URL (cline #3230 set its site up).
  const site = files.includes('docs.json');
  try {
    redirects = JSON.parse(git(gitDir, ['cat-file', 'blob', `${rev}:${prefix}docs.json`])).redirects ?? [];
    // A `$ref` part (`{ "$ref": "redirects.json" }`), read from the same revision.
    if (typeof redirects?.$ref === 'string') redirects = JSON.parse(git(gitDir, ['cat-file', 'blob', `${rev}:${prefix}${redirects.$ref.replace(/^\.?\//, '')}`]));
    if (!Array.isArray(redirects)) redirects = [];
  } catch {
    // no docs.json, or one JSON.parse refuses: no redirects
  }
  const sources = redirects.filter((r) => r && typeof r.source === 'string').map((r) => r.source);
  const exact = new Set(sources.filter((s) => !/[:*]/.test(s)).map(canonical));
  const patterns = sources.filter((s) => /[:*]/.test(s)).map((s) => new RegExp(`^${s.replace(/^\/+/, '').replace(/\/+$/, '').replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*\*|\*/g, '.*').replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`));
  const patternSources = new Set(sources.filter((s) => /[:*]/.test(s)).map(canonical));
  return { site, pages, exact, patterns, patternSources };
}

/** The URLs of `parent` that `commit` kills, by the plain reckoning. */
function plainKilled(gitDir, parent, commit, docs) {
  const before = plainSite(gitDir, parent, docs);
  if (!before.site) return [];
  const after = plainSite(gitDir, commit, docs);
  // The root is served while the site has a navigation: without an index page it shows the navigation's first page
  // (0xsequence/trails-docs 4463a02 replaced index.mdx by a first tab's `home`).
  // A URL written with an extension lands on the page without it (dify-docs #25 renamed `x.mdx.mdx` to `x.mdx`).
  const served = (url) => url === '' || after.pages.has(url) || after.pages.has(url.replace(/\.mdx?$/, '')) || after.exact.has(url) || after.patterns.some((p) => p.test(url));
  // A pattern source removed: the URLs it redirected answer 404, unless the same pattern stays or what now serves a
  // sample of them (its parameters as `x`) does (dify-docs #553 rewrote `jp/…/:slug*` sources as `ja-jp/…`).
  const patterns = [...before.patternSources].filter((source) => !after.patternSources.has(source) && !served(source.replace(/:[A-Za-z_]\w*[*?]?|\*/g, 'x')));
  return [...new Set([...before.pages, ...before.exact])].filter((url) => !served(url)).concat(patterns).map((url) => `/${url}`).sort();
}

/** Replays the URLs each of the last `commits` docs commits kills: `check --base PARENT` against the plain reckoning. */
export function replayUrls({ gitDir, commits = 20, revs, docs = '', cli = join(root, 'shipped', 'cli', 'start.js'), onCommit = () => {} }) {
  const work = mkdtempSync(join(tmpdir(), 'docs-json-replay-urls-'));
  const records = [];
  try {
    const commitDir = join(work, 'commit');
    const candidates = revs ?? git(gitDir, ['rev-list', '--first-parent', '--no-merges', 'HEAD']).trim().split('\n').filter(Boolean);
    for (const commit of candidates) {
      if (records.length >= commits) break;
      // The first commit has no parent: nothing was served before it.
      if (!git(gitDir, ['rev-list', '--parents', '-n', '1', commit]).trim().includes(' ')) continue;
      const parent = git(gitDir, ['rev-parse', `${commit}^`]).trim();
      const changed = git(gitDir, ['diff', '--name-only', '--no-renames', parent, commit]).split('\n').filter((file) => DOCS_FILE.test(file) && (!docs || file.startsWith(`${docs}/`)));
      if (changed.length === 0) continue;
      exportRevision(gitDir, commit, commitDir);
      const docsDir = docs ? join(commitDir, docs) : commitDir;
      if (!existsSync(join(docsDir, 'docs.json'))) continue;
      const result = spawnSync(process.execPath, [cli, 'check', docsDir, '--format', 'json', '--no-check-mdx', '--base', parent], {
        cwd: docsDir,
        encoding: 'utf8',
        maxBuffer: 1 << 28,
        env: { ...process.env, GIT_DIR: gitDir, GIT_WORK_TREE: commitDir },
      });
      let diagnostics = [];
      try {
        diagnostics = JSON.parse(result.stdout).diagnostics ?? [];
      } catch {
        // exit 2: said in stderr
      }
      const expected = plainKilled(gitDir, parent, commit, docs);
      // A page deleted while the navigation still names it is missing-page's finding alone (one mistake, one
      // finding): that URL is found too (box-mintlify #93 deleted 26 pages and left their entries).
      const named = diagnostics
        .filter((d) => d.code === 'missing-page')
        .map((d) => /^No page file for '([^']*)'/.exec(d.message)?.[1])
        .filter((entry) => entry !== undefined)
        .map((entry) => `/${canonical(entry)}`)
        .filter((url) => expected.includes(url));
      // Past 500 the rule lists no more and counts the rest in one finding (dify-docs #547 killed 603 URLs).
      const counted = diagnostics.filter((d) => d.code === 'killed-url').reduce((n, d) => n + Number(/^(\d+) more URLs of .* are no longer served/.exec(d.message)?.[1] ?? 0), 0);
      const killedUrls = diagnostics
        .filter((d) => d.code === 'killed-url' && !/^\d+ more URLs of /.test(d.message))
        .map((d) => /^'([^']*)'/.exec(d.message)?.[1] ?? / redirected '([^']*)' \(a pattern\)/.exec(d.message)?.[1] ?? d.message);
      const found = [...new Set([...killedUrls, ...named])].sort();
      const record = {
        commit: commit.slice(0, 10),
        subject: git(gitDir, ['log', '-1', '--format=%s', commit]).trim(),
        status: result.status,
        expected,
        found,
        asMissingPage: named.filter((url) => !killedUrls.includes(url)).length,
        counted,
        missed: expected.filter((url) => !found.includes(url)),
        extra: found.filter((url) => !expected.includes(url)),
        stderr: result.status === 2 ? result.stderr.trim() : undefined,
      };
      // The URLs past the listed ones are right when the count says as many.
      record.right = result.status !== 2 && record.missed.length === counted && record.extra.length === 0;
      records.push(record);
      onCommit(record);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return records;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const gitDir = args[0];
  if (!gitDir || gitDir.startsWith('--')) {
    console.error('usage: node scripts/replay-history.mjs GIT_DIR [--urls] [--commits N | --revs A,B,…] [--docs SUBDIR] [--cli FILE] [--json OUT]');
    process.exit(2);
  }
  if (args.includes('--urls')) {
    const records = replayUrls({
      gitDir: resolve(gitDir),
      commits: Number(option(args, '--commits', '20')),
      revs: option(args, '--revs', undefined)?.split(','),
      docs: option(args, '--docs', ''),
      cli: resolve(option(args, '--cli', join(root, 'shipped', 'cli', 'start.js'))),
      onCommit: (r) => {
        console.log(`${r.right ? 'right' : 'WRONG'}  ${r.commit}  exit ${r.status}  killed ${r.expected.length}, found ${r.found.length}${r.asMissingPage ? ` (${r.asMissingPage} as missing-page)` : ''}  ${r.subject}`);
        for (const url of r.found.filter((u) => r.expected.includes(u))) console.log(`    found   ${url}`);
        if (r.counted) console.log(`    counted ${r.counted} more killed URLs past the 500 listed`);
        for (const url of r.counted === r.missed.length ? [] : r.missed) console.log(`    missed  ${url}`);
        for (const url of r.extra) console.log(`    extra   ${url}`);
        if (r.stderr) console.log(`    stderr  ${r.stderr.split('\n')[0]}`);
      },
    });
    const killed = records.reduce((n, r) => n + r.expected.length, 0);
    const found = records.reduce((n, r) => n + r.found.length - r.extra.length + (r.counted === r.missed.length ? r.counted : 0), 0);
    const extra = records.reduce((n, r) => n + r.extra.length, 0);
    const wrong = records.filter((r) => !r.right).length;
    console.log(`${records.length} commits, ${records.filter((r) => r.expected.length).length} killing URLs: ${killed} URLs killed, ${found} found, ${extra} beyond them; wrong on ${wrong}`);
    const out = option(args, '--json', undefined);
    if (out) writeFileSync(out, `${JSON.stringify(records, null, 2)}\n`);
    process.exit(wrong ? 1 : 0);
  }
  const records = replay({
    gitDir: resolve(gitDir),
    commits: Number(option(args, '--commits', '20')),
    revs: option(args, '--revs', undefined)?.split(','),
    docs: option(args, '--docs', ''),
    cli: resolve(option(args, '--cli', join(root, 'shipped', 'cli', 'start.js'))),
    onCommit: (r) => {
      console.log(`${r.right ? 'right' : 'WRONG'}  ${r.commit}  exit ${r.status}  ${r.changed} files, ${r.renames} renamed  ${r.subject}`);
      for (const line of r.broke) console.log(`    broke   ${line}`);
      for (const line of r.unbuildable) console.log(`    old, never suppressed  ${line}`);
      for (const line of r.noise) console.log(`    noise   ${line}`);
      for (const line of r.missed) console.log(`    missed  ${line}`);
      if (r.stderr) console.log(`    stderr  ${r.stderr.split('\n')[0]}`);
    },
  });
  const failed = records.filter((r) => r.status === 1).length;
  const wrong = records.filter((r) => !r.right).length;
  console.log(`${records.length} commits: the gate failed ${failed}, wrong on ${wrong}`);
  const out = option(args, '--json', undefined);
  if (out) writeFileSync(out, `${JSON.stringify(records, null, 2)}\n`);
  process.exit(wrong ? 1 : 0);
}
