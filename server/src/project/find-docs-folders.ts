import fs = require('node:fs');
import path = require('node:path');
import { FileIndex, scanDocsFolder } from '../checker';
import { MAX_INDEXED_FILES } from '../checker/workspace/file-index';

const SKIPPED = new Set(['node_modules', '.git', '.hg', '.svn']);

export interface DocsFolderFound {
  folder: string;
  /** The files of the docs folder, taken from the workspace's one scan. */
  files: FileIndex;
}

/**
 * Folders under `folder` (itself included) that hold a docs.json, each with its file index, from one walk of the
 * workspace (each docs folder used to be walked a second time for its index). A docs.json reached only through a
 * symbolic link does not make a docs folder.
 */
export function findDocsFolders(folder: string, limit = MAX_INDEXED_FILES): DocsFolderFound[] {
  const docsJsons = { name: 'docs.json', found: [] as string[] };
  const index = scanDocsFolder(folder, limit, docsJsons);
  const roots: string[] = [];
  for (const file of docsJsons.found) {
    const relative = file.slice(0, -'docs.json'.length).replace(/\/$/, '');
    if (!relative.split('/').some((segment) => SKIPPED.has(segment)) && !throughLink(folder, relative)) roots.push(relative);
  }
  // A truncated scan may lack files of these folders: each then gets a scan of its own.
  const filesOf = index.truncated ? undefined : filesUnder(index, roots);
  const found = roots.map((relative) => {
    const root = relative ? path.join(folder, relative.split('/').filter((part) => part !== '').join(path.sep)) : folder;
    return { folder: root, files: filesOf ? filesOf.get(relative)! : scanDocsFolder(root, limit) };
  });
  return found.sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
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
