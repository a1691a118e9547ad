// Bundles every entry point with esbuild. `--production` minifies; development builds carry source maps.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
// `npm pack` and `npm publish` run `prepare` after `prepack`: its development build must not replace the production
// build that `prepack` has just made for the tarball.
if (!production && ['pack', 'publish'].includes(process.env.npm_command ?? '')) process.exit(0);
const entries = {
  'server/server': 'server/src/server.ts',
  'server/server-main': 'server/src/server-main.ts',
  'server/spec-worker': 'server/src/project/spec-worker.ts',
  'server/mdx-worker': 'server/src/project/mdx-worker.ts',
  'cli/main': 'cli/src/main.ts',
  'client/extension': 'client/src/extension.ts',
  'bench/bench': 'bench/bench.ts',
};
const { existsSync, mkdirSync, writeFileSync } = await import('node:fs');
const { nameLists } = await import('./name-lists.mjs');
const present = Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(file)));

await esbuild.build({
  entryPoints: present,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  // jsonc-parser's UMD build hides its requires from the bundler; its ESM build does not.
  mainFields: ['module', 'main'],
  minify: production,
  sourcemap: !production,
  logLevel: 'warning',
});

mkdirSync('dist/server', { recursive: true });
writeFileSync('dist/server/name-lists.json', JSON.stringify(nameLists()));
