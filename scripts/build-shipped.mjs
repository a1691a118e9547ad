// The bundle the GitHub Action and the pre-commit hook run (shipped/, committed): the CLI's production build and the
// files it reads beside itself (the MDX and spec validation workers, the icon name lists), so that a job or a first
// hook run installs nothing: `pre-commit try-repo` and a config with a `rev` clone this repository and run
// shipped/cli/start.js with Node alone. It must be what the sources make: `npm run generate` rewrites it and
// test/package/shipped-bundle.test.ts fails while it is stale. esbuild's output depends only on the sources and its
// own version (locked), and the name lists on exactly pinned packages, so the bytes are reproducible.
import { createHash } from 'node:crypto';
import * as esbuild from 'esbuild';
import { NODE_BUNDLE } from './esbuild-node.mjs';
import { nameLists } from './name-lists.mjs';

export const SHIPPED_DIR = 'shipped';

const options = (root) => ({
  ...NODE_BUNDLE,
  absWorkingDir: root,
  outdir: SHIPPED_DIR,
  minify: true,
  legalComments: 'eof',
  logLevel: 'warning',
  write: false,
});

const text = (file) => Buffer.from(file.contents).toString('utf8');

/** Every file of shipped/ as the sources make it: `{ path, text }`, paths relative to `root` (`shipped/…`, `/`). */
export async function shippedFiles(root) {
  const relative = (file) => `${SHIPPED_DIR}/${file.path.slice(root.length).replace(/\\/g, '/').replace(/^\/?shipped\//, '')}`;
  const main = await esbuild.build({
    ...options(root),
    entryPoints: { 'cli/main': 'cli/src/main.ts', 'server/mdx-worker': 'server/src/project/mdx-worker.ts', 'server/spec-validation-worker': 'server/src/project/spec-validation-worker.ts' },
  });
  const files = main.outputFiles.map((file) => ({ path: relative(file), text: text(file) }));
  const cli = files.find((file) => file.path === `${SHIPPED_DIR}/cli/main.js`);
  // start.js names main.js's code cache by its hash (as scripts/build.mjs does for dist/).
  const start = await esbuild.build({
    ...options(root),
    entryPoints: { 'cli/start': 'cli/src/start.ts' },
    define: { CLI_BUNDLE_SHA256: JSON.stringify(createHash('sha256').update(cli.text).digest('hex')) },
  });
  files.push(...start.outputFiles.map((file) => ({ path: relative(file), text: text(file) })));
  files.push({ path: `${SHIPPED_DIR}/server/name-lists.json`, text: JSON.stringify(await nameLists()) });
  return files.sort((a, b) => a.path.localeCompare(b.path));
}
