import * as fs from 'node:fs';
import * as path from 'node:path';

const SKIPPED = new Set(['node_modules', '.git', '.hg', '.svn']);
/** A workspace with more folders than this is not searched further for docs.json files. */
const MAX_FOLDERS = 50_000;

/** Folders under `folder` (itself included) that hold a docs.json. Symbolic links are not followed. */
export function findDocsRoots(folder: string): string[] {
  const roots: string[] = [];
  const queue = [folder];
  let visited = 0;
  while (queue.length && visited++ < MAX_FOLDERS) {
    const current = queue.shift()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.isDirectory() && !SKIPPED.has(entry.name)) queue.push(path.join(current, entry.name));
      else if (entry.isFile() && entry.name === 'docs.json') roots.push(current);
    }
  }
  return roots.sort();
}

export function isSkippedPath(file: string): boolean {
  return file.split(path.sep).some((segment) => SKIPPED.has(segment));
}
