import * as fs from 'node:fs';
import * as path from 'node:path';

const PAGE_EXTENSIONS = ['.mdx', '.md'];
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.hg', '.svn']);
export const MAX_INDEXED_FILES = 500_000;

export function pageIdOf(file: string): string | undefined {
  const ext = PAGE_EXTENSIONS.find((e) => file.endsWith(e));
  if (!ext) return undefined;
  const id = file.slice(0, -ext.length);
  return id.endsWith('/index') ? id.slice(0, -'/index'.length) : id === 'index' ? '' : id;
}

/**
 * Every file under a docs folder, as relative posix paths. Built once, then kept current by
 * `add` and `remove` (the language server feeds it file events), so checks never touch the disk per entry.
 */
export class FileIndex {
  private readonly files = new Set<string>();
  /** Page id → the file `pageFile` answers, built on first use and kept current by `add` and `remove`. */
  private pageFiles?: Map<string, string>;
  private changes = 0;
  truncated = false;

  constructor(files: Iterable<string> = []) {
    for (const file of files) this.files.add(file);
  }

  get size(): number {
    return this.files.size;
  }

  /** Changes with every `add` and `remove`: answers computed at one version hold until the next. */
  get version(): number {
    return this.changes;
  }

  has(relative: string): boolean {
    return this.files.has(relative);
  }

  add(relative: string): void {
    this.changes++;
    this.files.add(relative);
    this.updatePageFiles(relative);
  }

  remove(relative: string): void {
    this.changes++;
    this.files.delete(relative);
    this.updatePageFiles(relative);
    const prefix = relative + '/';
    for (const file of this.files) {
      if (file.startsWith(prefix)) {
        this.files.delete(file);
        this.updatePageFiles(file);
      }
    }
  }

  all(): IterableIterator<string> {
    return this.files.values();
  }

  /** The file a page entry names: `p.mdx`, `p.md`, `p/index.mdx` or `p/index.md`. */
  pageFile(page: string): string | undefined {
    if (page === '') return this.files.has('index.mdx') ? 'index.mdx' : this.files.has('index.md') ? 'index.md' : undefined;
    this.pageFiles ??= pageFilesOf(this.files);
    return this.pageFiles.get(page);
  }

  private probePageFile(page: string): string | undefined {
    for (const ext of PAGE_EXTENSIONS) if (this.files.has(page + ext)) return page + ext;
    for (const ext of PAGE_EXTENSIONS) if (this.files.has(`${page}/index${ext}`)) return `${page}/index${ext}`;
    return undefined;
  }

  /** Re-answers, in the page map, the pages `file` can be the file of (`p` for `p.mdx`, also `p` for `p/index.md`). */
  private updatePageFiles(file: string): void {
    if (!this.pageFiles) return;
    const ext = PAGE_EXTENSIONS.find((e) => file.endsWith(e));
    if (!ext) return;
    const base = file.slice(0, -ext.length);
    const pages = base.endsWith('/index') ? [base, base.slice(0, -'/index'.length)] : [base];
    for (const page of pages) {
      if (page === '') continue;
      const found = this.probePageFile(page);
      if (found === undefined) this.pageFiles.delete(page);
      else this.pageFiles.set(page, found);
    }
  }

  /** Page ids (paths without extension) of every `.mdx`/`.md` file. */
  *pages(): IterableIterator<{ page: string; file: string }> {
    for (const file of this.files) {
      const page = pageIdOf(file);
      if (page !== undefined) yield { page, file };
    }
  }
}

/** Page id → its file, the first of `p.mdx`, `p.md`, `p/index.mdx`, `p/index.md` present: one pass, no lookups. */
function pageFilesOf(files: Iterable<string>): Map<string, string> {
  const found = new Map<string, string>();
  // The four forms differ in length beyond the id (4, 3, 10, 9): that tells which form a kept file is.
  const rankOf = (file: string, page: string) => [4, 3, 10, 9].indexOf(file.length - page.length);
  const offer = (page: string, file: string, rank: number) => {
    if (page === '') return;
    const kept = found.get(page);
    if (kept === undefined || rank < rankOf(kept, page)) found.set(page, file);
  };
  for (const file of files) {
    const mdx = file.endsWith('.mdx');
    if (!mdx && !file.endsWith('.md')) continue;
    const base = file.slice(0, mdx ? -4 : -3);
    offer(base, file, mdx ? 0 : 1);
    if (base.endsWith('/index')) offer(base.slice(0, -'/index'.length), file, mdx ? 2 : 3);
  }
  return found;
}

/**
 * Lists every file under `root`. Symbolic links are followed only when they stay inside `root`
 * (so nothing outside the docs folder is read), each real folder is visited once (so link loops end),
 * and unreadable folders are skipped.
 */
export function scanDocsFolder(root: string, limit = MAX_INDEXED_FILES): FileIndex {
  const index = new FileIndex();
  let realRoot: string;
  try {
    realRoot = fs.realpathSync(root);
  } catch {
    return index;
  }
  const visited = new Set<string>([realRoot]);
  const queue: string[] = [''];
  while (queue.length) {
    const folder = queue.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(root, folder), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const relative = folder ? `${folder}/${entry.name}` : entry.name;
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        const target = realTargetInside(realRoot, path.join(root, relative));
        if (!target) continue;
        isDirectory = target.isDirectory;
        isFile = !isDirectory;
        if (isDirectory) {
          if (visited.has(target.real)) continue;
          visited.add(target.real);
        }
      } else if (isDirectory) {
        if (SKIPPED_FOLDERS.has(entry.name)) continue;
        const real = path.join(realRoot, relative);
        visited.add(real);
      }
      if (isDirectory) queue.push(relative);
      else if (isFile) {
        if (index.size >= limit) {
          index.truncated = true;
          return index;
        }
        index.add(relative);
      }
    }
  }
  return index;
}

function realTargetInside(realRoot: string, link: string): { real: string; isDirectory: boolean } | undefined {
  try {
    const real = fs.realpathSync(link);
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) return undefined;
    return { real, isDirectory: fs.statSync(real).isDirectory() };
  } catch {
    return undefined;
  }
}
