// The base of `check --base REF` / `--base-dir DIR`: the site before the change, read without running anything of
// the repository's. A git ref is read with plumbing only (rev-parse, ls-tree, cat-file: no checkout, no hooks, no
// filters, textconv or diff drivers, no fsmonitor; a partial clone's missing blob is not fetched), into memory:
// nothing is written anywhere. Symbolic links and submodules of the revision are left out.
import { spawnSync } from 'node:child_process';
import fs = require('node:fs');
import path = require('node:path');
import { BaseSite, baseSiteOf } from '../checker/links/base-site';
import { DocsWorkspace, MAX_READ_BYTES } from '../checker/workspace/docs-workspace';
import { FileIndex, scanDocsFolder } from '../checker/workspace/file-index';

export type BaseSource = { dir: string } | { ref: string };

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

/** The base site, or why it cannot be read. */
export function readBaseSite(docsFolder: string, source: BaseSource): { site: BaseSite } | { problem: string } {
  return 'dir' in source ? fromFolder(source.dir) : fromGit(docsFolder, source.ref);
}

function fromFolder(dir: string): { site: BaseSite } | { problem: string } {
  if (!fs.existsSync(path.join(dir, 'docs.json'))) return { problem: `--base-dir: ${dir} holds no docs.json` };
  return { site: baseSiteOf(new DocsWorkspace(dir, scanDocsFolder(dir)), dir) };
}

function git(cwd: string, args: string[], input?: string): { ok: true; out: Buffer } | { ok: false; message: string } {
  const result = spawnSync('git', [...GIT_SAFE, ...args], { cwd, env: GIT_ENV, input, maxBuffer: MAX_TOTAL_BYTES + 64 * 1024 * 1024, stdio: ['pipe', 'pipe', 'pipe'] });
  if (result.error) return { ok: false, message: result.error.message };
  if (result.status !== 0) return { ok: false, message: result.stderr.toString('utf8').trim().split('\n')[0] || `git ${args[0]} failed` };
  return { ok: true, out: result.stdout };
}

function fromGit(docsFolder: string, ref: string): { site: BaseSite } | { problem: string } {
  if (!ref || ref.startsWith('-') || /[\0\n]/.test(ref)) return { problem: `--base: '${ref}' is not a git ref` };
  const where = git(docsFolder, ['rev-parse', '--show-toplevel', '--show-prefix']);
  if (!where.ok) return { problem: `--base: ${docsFolder} is not in a git repository (${where.message})` };
  const [top, prefix = ''] = where.out.toString('utf8').split('\n');
  const commit = git(top, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
  if (!commit.ok) return { problem: `--base: no commit '${ref}' in ${top} (in CI, fetch the base branch: actions/checkout with fetch-depth: 0)` };
  const oid = commit.out.toString('utf8').trim();
  const listed = git(top, ['ls-tree', '-r', '-z', '-l', '--full-tree', oid, ...(prefix ? ['--', prefix] : [])]);
  if (!listed.ok) return { problem: `--base: cannot list ${ref}: ${listed.message}` };
  const names: string[] = [];
  const blobs: { file: string; oid: string }[] = [];
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
      total += bytes;
      blobs.push({ file, oid: blob });
    }
  }
  const files = new FileIndex(names);
  if (!files.has('docs.json')) return { problem: `--base: ${ref} has no ${prefix}docs.json` };
  const texts = readBlobs(top, blobs);
  if ('problem' in texts) return texts;
  // A root no file is at: the workspace reads only through `texts`.
  const root = path.join(docsFolder, `.docs-json-base-${oid}`);
  const readText = (absolute: string) => texts.get(path.relative(root, absolute).split(path.sep).join('/'));
  return { site: baseSiteOf(new DocsWorkspace(root, files, readText), ref) };
}

/** The blobs' texts by file, through one `git cat-file --batch`; a blob missing from the object store is left out. */
function readBlobs(top: string, blobs: { file: string; oid: string }[]): Map<string, string> | { problem: string } {
  const texts = new Map<string, string>();
  if (!blobs.length) return texts;
  const batch = git(top, ['cat-file', '--batch'], blobs.map((b) => b.oid).join('\n') + '\n');
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
