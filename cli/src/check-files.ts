import path = require('node:path');
import { UsageError } from './options';

/**
 * `--files <paths…>` takes every argument after it up to the next option, as pre-commit passes the staged files at
 * the end of the command (`--files=a.mdx` names one). parseArgs takes one value an option, so they are taken out
 * first. Undefined: no `--files`.
 */
export function takeFilesOption(args: string[]): { rest: string[]; files?: string[] } {
  const rest: string[] = [];
  let files: string[] | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      for (const rested of args.slice(i)) rest.push(rested);
      break;
    }
    if (arg.startsWith('--files=')) {
      (files ??= []).push(arg.slice('--files='.length));
    } else if (arg === '--files') {
      files ??= [];
      const before = files.length;
      while (i + 1 < args.length && !args[i + 1].startsWith('-')) files.push(args[++i]);
      if (files.length === before) throw new UsageError('--files takes one or more paths');
    } else {
      rest.push(arg);
    }
  }
  if (files?.includes('')) throw new UsageError('--files takes one or more paths');
  return { rest, files };
}

/**
 * The named files that lie in the docs folder, relative to it (`/`-separated), and as absolute paths. Others
 * (elsewhere in the repository: a hook passes every staged file) are left out: they have no findings of this folder.
 */
export function filesInFolder(root: string, cwd: string, files: string[]): { relative: Set<string>; absolute: string[] } {
  const relative = new Set<string>();
  const absolute: string[] = [];
  for (const file of files) {
    const full = path.resolve(cwd, file);
    const inside = path.relative(root, full);
    if (inside === '' || inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside)) continue;
    relative.add(inside.split(path.sep).join('/'));
    absolute.push(full);
  }
  return { relative, absolute };
}
