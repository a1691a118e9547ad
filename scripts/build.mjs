// Bundles every entry point with esbuild. `--production` minifies; development builds carry source maps.
import * as esbuild from 'esbuild';
import { NODE_BUNDLE } from './esbuild-node.mjs';
import { writeStamp } from './build-stamp.mjs';

const production = process.argv.includes('--production');
const entries = {
  'server/server-main': 'server/src/server-main.ts',
  'server/spec-worker': 'server/src/project/spec-worker.ts',
  'server/spec-validation-worker': 'server/src/project/spec-validation-worker.ts',
  'server/mdx-worker': 'server/src/project/mdx-worker.ts',
  'cli/main': 'cli/src/main.ts',
  'client/extension': 'client/src/extension.ts',
  'bench/bench': 'bench/bench.ts',
};
const { existsSync, mkdirSync, readFileSync, writeFileSync } = await import('node:fs');
const { createHash } = await import('node:crypto');
const { nameLists } = await import('./name-lists.mjs');
const present = Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(file)));

const options = {
  ...NODE_BUNDLE,
  outdir: 'dist',
  minify: production,
  sourcemap: !production,
  logLevel: 'warning',
  metafile: true,
};
const main = await esbuild.build({ ...options, entryPoints: present });
// The CLI's and the server's entries carry their bundle's SHA-256, the name of its code cache
// (server/src/code-cache.ts): hashing the bundle at each start took longer than the rest of the entry (the
// server's: 30-40 ms of a cold start, node:crypto's loading included).
const hashOf = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
const start = await esbuild.build({ ...options, entryPoints: { 'cli/start': 'cli/src/start.ts' }, define: { CLI_BUNDLE_SHA256: JSON.stringify(hashOf('dist/cli/main.js')) } });
const server = await esbuild.build({ ...options, entryPoints: { 'server/server': 'server/src/server.ts' }, define: { SERVER_BUNDLE_SHA256: JSON.stringify(hashOf('dist/server/server-main.js')) } });

mkdirSync('dist/server', { recursive: true });
writeFileSync('dist/server/name-lists.json', JSON.stringify(await nameLists()));
writeStamp([main.metafile, start.metafile, server.metafile], production ? 'production' : 'development');
