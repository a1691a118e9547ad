import fs = require('node:fs');
import path = require('node:path');
import { FileIndex } from '../checker';
import { MAX_INDEXED_FILES, NamedFiles, walkDocsFolder } from '../checker/workspace/file-index';

const SKIPPED = new Set(['node_modules', '.git', '.hg', '.svn']);

export interface DocsFolderFound {
  folder: string;
  /** The files of the docs folder, taken from the workspace's one scan. */
  files: FileIndex;
}

/**
 * The most files the search for docs.json files goes over in one workspace folder (a folder added by mistake, such
 * as `/` or a home folder, would be walked for minutes): past it, docs folders deeper in it are not found.
 */
export const MAX_WALKED_FILES = 2 * MAX_INDEXED_FILES;

export interface DocsFoldersFound {
  found: DocsFolderFound[];
  /** The walk stopped at `walkLimit` files: docs folders past them are not found. */
  stopped: boolean;
}

/**
 * Folders under `folder` (itself included) that hold a docs.json, each with its file index, from one walk of the
 * workspace (each docs folder used to be walked a second time for its index). A docs.json reached only through a
 * symbolic link does not make a docs folder.
 */
export function findDocsFolders(folder: string, limit = MAX_INDEXED_FILES): DocsFolderFound[] {
  const walk = walkDocsFolders(folder, limit, Infinity);
  for (let step = walk.next(); ; step = walk.next()) if (step.done) return step.value.found;
}

/**
 * One walk of a workspace folder for its docs folders, a slice per `step`. `finish` runs the rest at once: a docs
 * folder opened while the walk runs takes its files from it (issue 52: the server's cold start walked a 20,000-file
 * folder for its docs folders and, when docs.json was opened meanwhile, listed the same files again for its project).
 */
export class DocsFolderWalk {
  private readonly walk: Generator<void, DocsFoldersFound>;
  private result?: DocsFoldersFound;

  constructor(
    readonly folder: string,
    limit = MAX_INDEXED_FILES,
    walkLimit = MAX_WALKED_FILES,
  ) {
    this.walk = walkDocsFolders(folder, limit, walkLimit);
  }

  /** One slice more; the folders found once the walk is done. */
  step(): DocsFoldersFound | undefined {
    if (!this.result) {
      const step = this.walk.next();
      if (step.done) this.result = step.value;
    }
    return this.result;
  }

  /** The rest of the walk, now. */
  finish(): DocsFoldersFound {
    for (;;) {
      const result = this.step();
      if (result) return result;
    }
  }
}

/**
 * findDocsFolders a slice at a time, `pause` awaited between slices (the event loop then answers requests):
 * undefined once `signal` aborts (the workspace folder was removed meanwhile), the walk stopped where it was.
 */
export async function findDocsFoldersInSlices(
  folder: string,
  options: { signal: AbortSignal; pause: () => Promise<void>; limit?: number; walkLimit?: number; known?: (folder: string) => FileIndex | undefined; walk?: DocsFolderWalk },
): Promise<DocsFoldersFound | undefined> {
  const walk = options.walk ?? new DocsFolderWalk(folder, options.limit, options.walkLimit);
  for (;;) {
    if (options.signal.aborted) return undefined;
    const done = walk.step();
    if (done) return done;
    // The workspace folder is a docs folder whose project listed its files meanwhile (docs.json opened while this
    // walk ran): the rest is read from that index instead of a second walk of the same files (issue 52: the
    // server's cold start walked a 20,000-file folder twice).
    const index = options.known?.(folder);
    if (index && !index.truncated) return { found: foldersIn(folder, index), stopped: false };
    await options.pause();
  }
}

/** A docs folder's path from its workspace folder's and its relative one ('' for the workspace folder itself). */
function folderAt(folder: string, relative: string): string {
  return relative ? path.join(folder, relative.split('/').filter((part) => part !== '').join(path.sep)) : folder;
}

/** The docs folders of a workspace folder, from a complete index of its files. */
function foldersIn(folder: string, index: FileIndex): DocsFolderFound[] {
  const roots: string[] = [];
  for (const file of index.all()) {
    if (file !== 'docs.json' && !file.endsWith('/docs.json')) continue;
    const relative = file.slice(0, -'docs.json'.length).replace(/\/$/, '');
    if (!relative.split('/').some((segment) => SKIPPED.has(segment)) && !throughLink(folder, relative)) roots.push(relative);
  }
  const filesOf = filesUnder(index, roots);
  const found = roots.map((relative) => ({ folder: folderAt(folder, relative), files: filesOf.get(relative)! }));
  return found.sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
}

function* walkDocsFolders(folder: string, limit: number, walkLimit: number): Generator<void, DocsFoldersFound> {
  const docsJsons: NamedFiles = { name: 'docs.json', found: [], walkLimit };
  const index = yield* walkDocsFolder(folder, limit, docsJsons);
  const roots: string[] = [];
  for (const file of docsJsons.found) {
    const relative = file.slice(0, -'docs.json'.length).replace(/\/$/, '');
    if (!relative.split('/').some((segment) => SKIPPED.has(segment)) && !throughLink(folder, relative)) roots.push(relative);
  }
  // A truncated scan may lack files of these folders: each then gets a scan of its own.
  const filesOf = index.truncated ? undefined : filesUnder(index, roots);
  const found: DocsFolderFound[] = [];
  for (const relative of roots) {
    const root = folderAt(folder, relative);
    found.push({ folder: root, files: filesOf ? filesOf.get(relative)! : yield* walkDocsFolder(root, limit) });
  }
  found.sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
  return { found, stopped: docsJsons.stopped ?? false };
}

/**
 * The files of each docs folder (relative paths of their folders, '' for the workspace folder itself), from one
 * pass over the workspace's index: each file goes to every docs folder above it. A pass per docs folder made the
 * start of a monorepo grow with the square of its docs folders (6,000: 45 s until the first answer).
 */
function filesUnder(index: FileIndex, roots: string[]): Map<string, FileIndex> {
  const lists = new Map(roots.filter((root) => root !== '').map((root) => [root, [] as string[]]));
  for (const file of index.all()) {
    for (let slash = file.indexOf('/'); slash >= 0; slash = file.indexOf('/', slash + 1)) {
      lists.get(file.slice(0, slash))?.push(file.slice(slash + 1));
    }
  }
  const indexes = new Map<string, FileIndex>([['', index]]);
  for (const [root, files] of lists) indexes.set(root, new FileIndex(files));
  return indexes;
}

/** Whether a folder on the way from `folder` to `relative` is a symbolic link. */
function throughLink(folder: string, relative: string): boolean {
  let current = folder;
  for (const segment of relative ? relative.split('/') : []) {
    current = path.join(current, segment);
    try {
      if (fs.lstatSync(current).isSymbolicLink()) return true;
    } catch {
      return true;
    }
  }
  return false;
}

export function isSkippedPath(file: string): boolean {
  return file.split(path.sep).some((segment) => SKIPPED.has(segment));
}
