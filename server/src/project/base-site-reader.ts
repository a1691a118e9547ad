// The base of `check --base REF` / `--base-dir DIR`: the site before the change, read without running anything of
// the repository's. A git ref is read with plumbing only (rev-parse, ls-tree, cat-file: no checkout, no hooks, no
// filters, textconv or diff drivers, no fsmonitor; a partial clone's missing blob is not fetched), into memory:
// nothing is written anywhere. Symbolic links and submodules of the revision are left out.
import { execFile, spawnSync } from 'node:child_process';
import fs = require('node:fs');
import path = require('node:path');
import { BaseSite, baseSiteOf } from '../checker/links/base-site';
import { DocsWorkspace, MAX_READ_BYTES } from '../checker/workspace/docs-workspace';
import { FileIndex, scanDocsFolder } from '../checker/workspace/file-index';

/**
 * A folder, or a git ref. `lazyPages` (the editor: HEAD): only docs.json, specs and `.mintignore` are read at once;
 * a page's text is read when asked (the killed pages' titles and texts only), so a large site's pages are not held.
 * `timeoutMs`: each git call's limit (the editor's check waits on them).
 */
export type BaseSource = { dir: string } | GitSource;
export type GitSource = { ref: string; lazyPages?: boolean; timeoutMs?: number; label?: string };

type GitResult = { ok: true; out: Buffer } | { ok: false; message: string };
/** A git call the reading asks for: run by the caller, at once or without blocking. */
interface GitCall {
  cwd: string;
  args: string[];
  input?: string;
}

/** The files whose text the base site needs: docs.json and its parts, specs, pages, `.mintignore`. */
const READ = /(\.(json|ya?ml|mdx?)|(^|\/)\.mintignore)$/;
/** Past this much text in all, the rest of the revision's files are not read (their presence is still known). */
const MAX_TOTAL_BYTES = 512 * 1024 * 1024;

const GIT_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_TERMINAL_PROMPT: '0',
  GIT_NO_REPLACE_OBJECTS: '1',
  GIT_NO_LAZY_FETCH: '1',
  GIT_OPTIONAL_LOCKS: '0',
  GIT_LITERAL_PATHSPECS: '1',
  GIT_CONFIG_NOSYSTEM: '1',
};
/** Settings of the repository that could run a program, turned off for every call (plumbing runs none, but a future git might). */
const GIT_SAFE = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', '-c', 'core.untrackedCache=false', '-c', 'protocol.allow=never', '-c', 'fetch.negotiationAlgorithm=noop'];

/** A base read, or why it could not be; `noSite`: the ref has no docs.json in the folder (no URL of it to compare). */
export type BaseRead = { site: BaseSite } | { problem: string; noSite?: true };

/** The base site, or why it cannot be read. */
export function readBaseSite(docsFolder: string, source: BaseSource): BaseRead {
  if ('dir' in source) return fromFolder(source.dir);
  const steps = fromGit(docsFolder, source);
  for (let step = steps.next(); ; ) {
    if (step.done) return step.value;
    const { cwd, args, input } = step.value;
    step = steps.next(gitRun(cwd, args, input, source.timeoutMs));
  }
}

/** The same, with git run without blocking (the language server: its check goes on while HEAD is read). */
export async function readBaseSiteAsync(docsFolder: string, source: GitSource): Promise<BaseRead> {
  const steps = fromGit(docsFolder, source);
  for (let step = steps.next(); ; ) {
    if (step.done) return step.value;
    const { cwd, args, input } = step.value;
    step = steps.next(await gitRunAsync(cwd, args, input, source.timeoutMs));
  }
}

function fromFolder(dir: string): { site: BaseSite } | { problem: string } {
  if (!fs.existsSync(path.join(dir, 'docs.json'))) return { problem: `--base-dir: ${dir} holds no docs.json` };
  return { site: baseSiteOf(new DocsWorkspace(dir, scanDocsFolder(dir)), dir) };
}

const MAX_OUTPUT = MAX_TOTAL_BYTES + 64 * 1024 * 1024;

function gitRun(cwd: string, args: string[], input?: string, timeout?: number): GitResult {
  const result = spawnSync('git', [...GIT_SAFE, ...args], { cwd, env: GIT_ENV, input, timeout, killSignal: 'SIGKILL', maxBuffer: MAX_OUTPUT, stdio: ['pipe', 'pipe', 'pipe'] });
  if (result.error) return { ok: false, message: result.error.message };
  if (result.status !== 0) return { ok: false, message: result.stderr.toString('utf8').trim().split('\n')[0] || `git ${args[0]} failed` };
  return { ok: true, out: result.stdout };
}

function gitRunAsync(cwd: string, args: string[], input?: string, timeout?: number): Promise<GitResult> {
  return new Promise((resolve) => {
    const child = execFile('git', [...GIT_SAFE, ...args], { cwd, env: GIT_ENV, timeout, killSignal: 'SIGKILL', maxBuffer: MAX_OUTPUT, encoding: 'buffer' }, (error, stdout, stderr) => {
      if (error) resolve({ ok: false, message: stderr.toString('utf8').trim().split('\n')[0] || error.message });
      else resolve({ ok: true, out: stdout });
    });
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
  });
}

/** The reading, as the git calls it needs (yielded) and what it makes of their answers. */
function* fromGit(docsFolder: string, { ref, lazyPages = false, timeoutMs, label = ref }: GitSource): Generator<GitCall, BaseRead, GitResult> {
  if (!ref || ref.startsWith('-') || /[\0\n]/.test(ref)) return { problem: `--base: '${ref}' is not a git ref` };
  const git = function* (cwd: string, args: string[], input?: string): Generator<GitCall, GitResult, GitResult> {
    return yield { cwd, args, input };
  };
  const where = yield* git(docsFolder, ['rev-parse', '--show-toplevel', '--show-prefix']);
  if (!where.ok) return { problem: `--base: ${docsFolder} is not in a git repository (${where.message})` };
  const [top, prefix = ''] = where.out.toString('utf8').split('\n');
  const commit = yield* git(top, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
  if (!commit.ok) return { problem: `--base: no commit '${ref}' in ${top} (in CI, fetch the base branch: actions/checkout with fetch-depth: 0)` };
  const oid = commit.out.toString('utf8').trim();
  const listed = yield* git(top, ['ls-tree', '-r', '-z', '-l', '--full-tree', oid, ...(prefix ? ['--', prefix] : [])]);
  if (!listed.ok) return { problem: `--base: cannot list ${ref}: ${listed.message}` };
  const names: string[] = [];
  const blobs: { file: string; oid: string }[] = [];
  const later = new Map<string, string>();
  let total = 0;
  for (const line of listed.out.toString('utf8').split('\0')) {
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const [mode, type, blob, size] = line.slice(0, tab).split(/\s+/);
    const full = line.slice(tab + 1);
    if (type !== 'blob' || mode === '120000' || !full.startsWith(prefix)) continue;
    const file = full.slice(prefix.length);
    if (!file || file.split('/').some((part) => part === '..' || part === '.')) continue;
    names.push(file);
    const bytes = Number(size);
    if (READ.test(file) && bytes <= MAX_READ_BYTES && total + bytes <= MAX_TOTAL_BYTES) {
      if (lazyPages && PAGE.test(file)) {
        later.set(file, blob);
        continue;
      }
      total += bytes;
      blobs.push({ file, oid: blob });
    }
  }
  const files = new FileIndex(names);
  // The docs folder was no site at REF (the change sets it up, or brings docs.json to it): it served no URL there.
  if (!files.has('docs.json')) return { problem: `--base: ${ref} has no ${prefix}docs.json`, noSite: true };
  const texts = blobs.length ? readBlobs(blobs, yield* git(top, ['cat-file', '--batch'], blobs.map((b) => b.oid).join('\n') + '\n')) : new Map<string, string | undefined>();
  if ('problem' in texts) return texts;
  // A root no file is at: the workspace reads only through `texts` (and, lazily, one blob at a time).
  const root = path.join(docsFolder, `.docs-json-base-${oid}`);
  const readText = (absolute: string) => {
    const file = path.relative(root, absolute).split(path.sep).join('/');
    if (later.has(file) && !texts.has(file)) prefetch([file]);
    return texts.get(file);
  };
  // The killed pages' texts (their titles, their renames' likeness), read when a check first asks: one batch.
  const prefetch = (wanted: readonly string[]) => {
    const asked = wanted.filter((file) => later.has(file) && !texts.has(file)).map((file) => ({ file, oid: later.get(file)! }));
    if (!asked.length) return;
    const read = readBlobs(asked, gitRun(top, ['cat-file', '--batch'], asked.map((b) => b.oid).join('\n') + '\n', timeoutMs));
    for (const { file } of asked) texts.set(file, 'problem' in read ? undefined : read.get(file));
  };
  return { site: baseSiteOf(new DocsWorkspace(root, files, readText), label, lazyPages ? prefetch : undefined) };
}

/** A page's text: read when asked with `lazyPages`. */
const PAGE = /\.mdx?$/;

/** The blobs' texts by file, from one `git cat-file --batch`; a blob missing from the object store is left out. */
function readBlobs(blobs: { file: string; oid: string }[], batch: GitResult): Map<string, string | undefined> | { problem: string } {
  const texts = new Map<string, string | undefined>();
  if (!batch.ok) return { problem: `--base: cannot read the revision's files: ${batch.message}` };
  const out = batch.out;
  let at = 0;
  for (const { file } of blobs) {
    const end = out.indexOf(10, at);
    if (end < 0) break;
    const header = out.subarray(at, end).toString('utf8');
    at = end + 1;
    if (header.endsWith(' missing')) continue;
    const size = Number(header.split(' ')[2]);
    texts.set(file, out.subarray(at, at + size).toString('utf8'));
    at += size + 1;
  }
  return texts;
}
