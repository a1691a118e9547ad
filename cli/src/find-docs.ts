import fs = require('node:fs');
import path = require('node:path');
import { UsageError } from './options';

/** How deep below the folder given `check` looks for docs.json, and how many folders it reads at most. */
const SEARCH_DEPTH = 3;
const SEARCH_FOLDERS = 2000;
const SKIPPED = new Set(['node_modules']);

export interface DocsFolder {
  root: string;
  /** Said on stderr when the folder is not the one given: which folder is checked. */
  note?: string;
}

/**
 * The docs folder `check` checks: `target` itself when it holds docs.json or is a docs.json, else the one folder
 * below it that holds one (a repository's `docs/`), found within a bounded walk that skips node_modules and hidden
 * folders (.git) and follows no links. Several, none, or a `mint.json`-only site: a UsageError saying what to do.
 */
export function findDocsFolder(target: string, shown: string): DocsFolder {
  const stat = statOf(target);
  if (!stat) throw new UsageError(`no such file or folder: ${shown}`);
  if (!stat.isDirectory()) {
    if (path.basename(target) === 'docs.json') return { root: path.dirname(target) };
    throw new UsageError(`${shown} is a file: give the folder that holds docs.json, or docs.json itself`);
  }
  if (statOf(path.join(target, 'docs.json'))) return { root: target };
  const found = foldersHolding(target, 'docs.json');
  const relative = (dir: string) => `${path.relative(target, dir).split(path.sep).join('/')}/`;
  if (found.length === 1) return { root: found[0], note: `checking ${relative(found[0])}, the one folder below ${shown} that holds docs.json` };
  if (found.length > 1) throw new UsageError(`no docs.json in ${shown}, and ${found.length} folders below it have one: ${found.map(relative).join(', ')}; name the one to check`);
  const oldFormat = statOf(path.join(target, 'mint.json')) ? [target] : foldersHolding(target, 'mint.json');
  if (oldFormat.length > 0) {
    const where = oldFormat[0] === target ? shown : relative(oldFormat[0]);
    throw new UsageError(`${where} has a mint.json and no docs.json: mint.json is the platform's old format; run 'mint upgrade' in that folder to write docs.json from it, then check again`);
  }
  throw new UsageError(`no docs.json in ${shown} nor in its folders ${SEARCH_DEPTH} levels below (node_modules and hidden folders skipped)`);
}

/** The folders below `top` (not `top` itself) that hold `name`, shallowest first; none below a folder that has it. */
function foldersHolding(top: string, name: string): string[] {
  const found: string[] = [];
  let level = [top];
  let read = 0;
  for (let depth = 1; depth <= SEARCH_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const dir of level) {
      if (++read > SEARCH_FOLDERS) return found;
      for (const entry of entriesOf(dir)) {
        if (!entry.isDirectory() || entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue;
        const child = path.join(dir, entry.name);
        if (statOf(path.join(child, name))) found.push(child);
        else next.push(child);
      }
    }
    level = next;
  }
  return found;
}

function entriesOf(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  } catch {
    return [];
  }
}

function statOf(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch {
    return undefined;
  }
}
