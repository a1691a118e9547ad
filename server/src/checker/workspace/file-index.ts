import fs = require('node:fs');
import path = require('node:path');
import { PackedPathSet } from './packed-path-set';
import { PAGE_FORMS, pageIdOf, ROOT_PAGE_FORMS } from './page-files';

const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.hg', '.svn']);
export const MAX_INDEXED_FILES = 500_000;

export { pageIdOf };

const EXACT = [''];

/**
 * Every file under a docs folder, as relative posix paths. Built once, then kept current by
 * `add` and `remove` (the language server feeds it file events), so checks never touch the disk per entry.
 * Packed (see `PackedPathSet`): `all` and `pages` build each path string as they go.
 */
export class FileIndex {
  private readonly files = new PackedPathSet();
  private changes = 0;
  truncated = false;

  constructor(files: Iterable<string> = []) {
    for (const file of files) this.files.add(file);
    this.files.trim();
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
  }

  /** Removes the file `relative`, or every file of the folder `relative`. */
  remove(relative: string): void {
    this.changes++;
    this.files.delete(relative);
    this.files.deleteUnder(relative);
  }

  all(): IterableIterator<string> {
    return this.files.values();
  }

  /** Every file with its id (see `pageFileId`), from the id `from` on. */
  withIds(from = 0): IterableIterator<[number, string]> {
    return this.files.entries(from);
  }

  /** The file a page entry names: `p.mdx`, `p.md`, `p/index.mdx` or `p/index.md`. */
  pageFile(page: string): string | undefined {
    const id = this.pageFileId(page);
    return id < 0 ? undefined : this.files.pathAt(id);
  }

  /**
   * `pageFile` as an id, or -1: what a check keeps of every entry, instead of a string each. An id holds until
   * the next change of the index (`version`), and stays below `idLimit`.
   */
  pageFileId(page: string): number {
    return page === '' ? this.files.firstIdOf('index', ROOT_PAGE_FORMS) : this.files.firstIdOf(page, PAGE_FORMS);
  }

  /** The id of a file, or -1 (see `pageFileId`). */
  idOf(relative: string): number {
    return this.files.firstIdOf(relative, EXACT);
  }

  pathOf(id: number): string {
    return this.files.pathAt(id);
  }

  get idLimit(): number {
    return this.files.idLimit;
  }

  /** Page ids (paths without extension) of every `.mdx`/`.md` file. */
  *pages(): IterableIterator<{ page: string; file: string }> {
    for (const file of this.files.values()) {
      const page = pageIdOf(file);
      if (page !== undefined) yield { page, file };
    }
  }

  /** Gives back the spare capacity left by a bulk load. */
  trim(): void {
    this.files.trim();
  }
}

/** Files of one name a walk collects on its way, all of them past the index's limit, up to `walkLimit` files seen. */
export interface NamedFiles {
  name: string;
  found: string[];
  /** The most files the walk goes over (default: no limit); past it the walk stops and `stopped` is set. */
  walkLimit?: number;
  stopped?: boolean;
}

/** Folders a walk reads between two of its yields: a slice small enough for a server to answer requests between. */
export const WALK_SLICE_FOLDERS = 64;

/**
 * Lists every file under `root`, up to `limit` (then `truncated` is set: a documented limit, told to the user);
 * `named` collects the files of one name on the way, all of them, past the limit too. Symbolic links are followed only when they stay inside `root`
 * (so nothing outside the docs folder is read), each real folder is visited once (so link loops end),
 * and unreadable folders are skipped.
 */
export function scanDocsFolder(root: string, limit = MAX_INDEXED_FILES, named?: NamedFiles): FileIndex {
  const walk = walkDocsFolder(root, limit, named);
  for (let step = walk.next(); ; step = walk.next()) if (step.done) return step.value;
}

/** scanDocsFolder in slices: yields after every WALK_SLICE_FOLDERS folders read, so that its caller may pause or stop. */
export function* walkDocsFolder(root: string, limit = MAX_INDEXED_FILES, named?: NamedFiles): Generator<void, FileIndex> {
  const index = new FileIndex();
  let realRoot: string;
  try {
    realRoot = fs.realpathSync(root);
  } catch {
    return index;
  }
  const visited = new Set<string>([realRoot]);
  const queue: string[] = [''];
  let seen = 0;
  for (let read = 1; queue.length && !(index.truncated && !named) && !named?.stopped; read++) {
    if (read % WALK_SLICE_FOLDERS === 0) yield;
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
        if (named && ++seen > (named.walkLimit ?? Infinity)) {
          named.stopped = true;
          break;
        }
        if (entry.name === named?.name) named.found.push(relative);
        if (index.size < limit) index.add(relative);
        else if (!index.truncated) {
          index.truncated = true;
          // Past the limit the walk goes on only to find the files `named` asks for (a workspace's docs.json files).
          if (!named) break;
        }
      }
    }
  }
  index.trim();
  return index;
}

/** Where `link` (any path) leads, when that is inside `realRoot` (a real path); undefined when outside or gone. */
export function realTargetInside(realRoot: string, link: string): { real: string; isDirectory: boolean } | undefined {
  try {
    const real = fs.realpathSync(link);
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) return undefined;
    return { real, isDirectory: fs.statSync(real).isDirectory() };
  } catch {
    return undefined;
  }
}
