// Only the hostile-input lint (`test/robustness/regex-lint.test.ts` runs it in `npm test`): every regular
// expression of server/, cli/ and api/ checked for super-linear backtracking, as a hostile page or docs.json could
// drive one (issue 22: `/*a*a*a…b` redirects, `import` + spaces), no spread of a list into a call (issue 34), and
// no file written but through server/src/project/data-file.ts (issue 44: a report written through a committed link).
import tsParser from '@typescript-eslint/parser';
import regexp from 'eslint-plugin-regexp';

/** The ways to write a file that bypass the guard (data-file.ts: writeDataFile, appendDataFile, makeDataFolder). */
const WRITERS = ['writeFileSync', 'appendFileSync', 'createWriteStream', 'writeFile', 'appendFile', 'copyFileSync', 'copyFile', 'cpSync', 'symlinkSync', 'truncateSync'];
const WRITE_MESSAGE = 'Files are written through server/src/project/data-file.ts (writeDataFile, appendDataFile): no link followed, nothing written out of the repository.';

export default [
  {
    files: ['server/src/**/*.ts', 'cli/src/**/*.ts', 'api/src/**/*.ts'],
    ignores: ['**/generated/**'],
    languageOptions: { parser: tsParser },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'regexp/no-misleading-capturing-group': 'error',
      // Issue 34: a list spread into a call's arguments goes on the stack (`push(...links)` of 150k images, a
      // `Math.max(...widths)`: RangeError, the CLI exited 2). Loops, or `concat`, instead.
      'no-restricted-syntax': ['error', { selector: 'CallExpression > SpreadElement, NewExpression > SpreadElement', message: 'A spread into a call puts each item on the stack: an unbounded list overflows it. Use a loop.' }],
    },
  },
  {
    // Issue 44: every file the tools write goes through the guarded write (no link followed, nothing written out of
    // the repository, new files created exclusively). scripts/ and the tests write freely.
    files: ['server/src/**/*.ts', 'cli/src/**/*.ts', 'api/src/**/*.ts', 'client/src/**/*.ts'],
    ignores: ['**/generated/**', 'server/src/project/data-file.ts'],
    languageOptions: { parser: tsParser },
    rules: {
      'no-restricted-properties': ['error', ...WRITERS.map((property) => ({ property, message: WRITE_MESSAGE }))],
      'no-restricted-imports': ['error', { paths: ['fs', 'node:fs', 'fs/promises', 'node:fs/promises'].map((name) => ({ name, importNames: WRITERS, message: WRITE_MESSAGE })) }],
    },
  },
];
