// Only the hostile-input lint (`test/robustness/regex-lint.test.ts` runs it in `npm test`): every regular
// expression of server/, cli/ and api/ checked for super-linear backtracking, as a hostile page or docs.json could
// drive one (issue 22: `/*a*a*a…b` redirects, `import` + spaces), and no spread of a list into a call (issue 34).
import tsParser from '@typescript-eslint/parser';
import regexp from 'eslint-plugin-regexp';

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
];
