// Only the regular-expression lint (`test/robustness/regex-lint.test.ts` runs it in `npm test`): every regular
// expression of server/, cli/ and api/ checked for super-linear backtracking, as a hostile page or docs.json could
// drive one (issue 22: `/*a*a*a…b` redirects, `import` + spaces).
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
    },
  },
];
