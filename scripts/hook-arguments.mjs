// The pre-commit hook's arguments (scripts/pre-commit-hook.mjs), apart so that a test reads them without a build.
import { statSync } from 'node:fs';

/** check's options that take a value (test/package/pre-commit-hooks.test.ts compares them with `check --help`). */
export const VALUE_OPTIONS = new Set(
  ['base', 'base-dir', 'base-path', 'cache-location', 'external-budget', 'external-timeout', 'format', 'language-code', 'max-warnings', 'mdx-budget', 'report', 'suppress-rule', 'suppressions-location'].map((name) => `--${name}`),
);

/**
 * `--pass-filenames check ARGS... FILES...` (the docs-json-check hook, `pass_filenames: true`) as `check ARGS...
 * --files FILES...`: pre-commit appends the staged files after the hook's `args`, so the trailing arguments that are
 * files are those (a folder given in `args`, `docs`, and an option's value are not). Anything else: as given.
 */
export function hookArguments(args) {
  if (args[0] !== '--pass-filenames') return args;
  const rest = args.slice(1);
  let first = rest.length;
  while (first > 1 && !rest[first - 1].startsWith('-') && !VALUE_OPTIONS.has(rest[first - 2]) && isFile(rest[first - 1])) first--;
  return first === rest.length ? rest : [...rest.slice(0, first), '--files', ...rest.slice(first)];
}

function isFile(name) {
  try {
    return statSync(name).isFile();
  } catch {
    return false;
  }
}

