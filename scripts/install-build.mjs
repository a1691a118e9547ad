// `postinstall` of this repository: builds the bundles that the bins run, so that `npm ci && npx docs-json check`
// works on a fresh clone. Not `prepare`: npm warns users about a published install script, and this one is not
// published (scripts/npm-package.mjs leaves `scripts` out of the package's manifest).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Installed from a tarball packed at the root (`npm install git+…` packs the prepared clone): the bundles are in it.
if (!existsSync(join(root, 'cli', 'src'))) process.exit(0);
if (!existsSync(join(root, 'node_modules', 'esbuild'))) {
  console.error('docs-json-tools: esbuild is missing, so the bundles cannot be built: install with the dev dependencies (npm ci)');
  process.exit(1);
}
const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
