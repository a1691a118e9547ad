import * as fs from 'node:fs';
import * as path from 'node:path';
import { FileIndex, scanDocsFolder } from '../checker';

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
export function findDocsFolders(folder: string): DocsFolderFound[] {
  const docsJsons = { name: 'docs.json', found: [] as string[] };
  const index = scanDocsFolder(folder, undefined, docsJsons);
  const found: DocsFolderFound[] = [];
  for (const file of docsJsons.found) {
    const relative = file.slice(0, -'docs.json'.length).replace(/\/$/, '');
    if (relative.split('/').some((segment) => SKIPPED.has(segment)) || throughLink(folder, relative)) continue;
    const root = relative ? path.join(folder, ...relative.split('/')) : folder;
    // A truncated scan may lack files of this folder: it then gets a scan of its own.
    const files = index.truncated ? scanDocsFolder(root) : relative ? filesUnder(index, relative) : index;
    found.push({ folder: root, files });
  }
  return found.sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
}

function filesUnder(index: FileIndex, relative: string): FileIndex {
  const prefix = relative + '/';
  const inner: string[] = [];
  for (const file of index.all()) if (file.startsWith(prefix)) inner.push(file.slice(prefix.length));
  return new FileIndex(inner);
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
