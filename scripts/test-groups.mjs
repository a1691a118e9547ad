// Runs small test files several to a process. Each test file used to start its own node with tsx, which loads and
// transforms the sources it imports again: 1-2 s of CPU a file before its first test, some 300 s of a 955 s run over
// 259 files. test/checker's 37 files took 64 s of CPU one to a process and 30 s in one process (the same 209 tests
// passing; `node --import tsx --test` of the files, then of one file importing them, 2026-11-29).
//
// A group is a file in a temporary folder that imports its members one after the other; a member that fails to load
// becomes a failing test named for it, and the members after it still run. Files stay alone where sharing a process
// could change what they see: the folders whose tests measure the process, drive a real editor or package, or fuzz;
// files with top-level hooks (node:test runs them around every later test of the process); files that patch the
// process's streams (the key-leak guard).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ALONE_FOLDERS = ['test/vscode/', 'test/package/', 'test/robustness/', 'test/corpus/', 'test/nvim/'];
const MEMBERS = 8;
const TOP_LEVEL_HOOK = /^(?:before|after|beforeEach|afterEach)\(/m;
const PATCHES_PROCESS = /key-leak-guard/;

const slash = (file) => file.split('\\').join('/');

/** Whether a test file must run in a process of its own. */
export function runsAlone(file, text = readFileSync(file, 'utf8')) {
  const path = slash(file);
  return ALONE_FOLDERS.some((folder) => path.includes(folder)) || TOP_LEVEL_HOOK.test(text) || PATCHES_PROCESS.test(text);
}

/** The text of a group file that runs `members` (absolute paths) in order. */
export function groupText(members) {
  const lines = [`import { test } from 'node:test';`];
  for (const member of members) {
    const url = JSON.stringify(pathToFileURL(member).href);
    lines.push(`try { await import(${url}); } catch (error) { test(${JSON.stringify(`${member} loads`)}, () => { throw error; }); }`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The files to hand to the runner, in the order given: each file that runs alone as it is, the others of one folder
 * gathered into group files of up to MEMBERS written into `folder`, each group where its first member was. One file
 * of a folder is not grouped: a group of one saves nothing. `alone` names more files to keep alone (the slow ones,
 * which gain little and would make one long group).
 */
export function groupTests(files, folder, { root = process.cwd(), alone = () => false } = {}) {
  const byFolder = new Map();
  for (const file of files) {
    if (alone(file) || runsAlone(file, readFileSync(resolve(root, file), 'utf8'))) continue;
    const key = slash(file).split('/').slice(0, -1).join('/');
    byFolder.set(key, [...(byFolder.get(key) ?? []), file]);
  }
  const groupOf = new Map();
  for (const [key, members] of byFolder) {
    if (members.length < 2) continue;
    for (let start = 0; start < members.length; start += MEMBERS) {
      const chunk = members.slice(start, start + MEMBERS);
      const name = `${slash(relative(root, resolve(root, key))).replaceAll('/', '-')}-${start / MEMBERS + 1}.test.mjs`;
      const path = join(folder, name);
      writeFileSync(path, groupText(chunk.map((member) => resolve(root, member))));
      for (const member of chunk) groupOf.set(member, path);
    }
  }
  const out = [];
  for (const file of files) {
    const entry = groupOf.get(file) ?? file;
    if (!out.includes(entry)) out.push(entry);
  }
  return out;
}
