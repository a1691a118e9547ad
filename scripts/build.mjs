// Bundles every entry point with esbuild. `--production` minifies; development builds carry source maps.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const entries = {
  'server/server': 'server/src/server.ts',
  'server/server-main': 'server/src/server-main.ts',
  'cli/main': 'cli/src/main.ts',
  'client/extension': 'client/src/extension.ts',
  'bench/bench': 'bench/bench.ts',
};
const { existsSync } = await import('node:fs');
const present = Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(file)));

// The schema validator, compiled by ajv at build time: the server and the CLI start without compiling it.
const { precompiledSchemaModule } = await import('./precompile-schema.mjs');
const precompiledSchema = {
  name: 'precompiled-schema',
  setup(build) {
    build.onLoad({ filter: /[\\/]precompiled-schema-validator\.ts$/ }, () => ({ contents: precompiledSchemaModule(), loader: 'js' }));
    // With the validator precompiled, schema-structure.ts never constructs ajv in a bundle (only unbundled runs
    // compile the schema): ajv's compiler, a sixth of the server bundle, stays out, and every start loads less.
    build.onResolve({ filter: /^ajv$/ }, (args) => (/[\\/]schema-structure\.ts$/.test(args.importer) ? { path: 'ajv', namespace: 'no-ajv-compiler' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'no-ajv-compiler' }, () => ({
      contents: `export default class Ajv { constructor() { throw new Error('the bundle holds the precompiled schema validator, not ajv (scripts/build.mjs)'); } }`,
      loader: 'js',
    }));
  },
};

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
  plugins: [precompiledSchema],
});
