// Builds the production bundles and packs the npm package: `npm run package:npm [OUT_DIR]` → OUT_DIR (default dist/)
// /docs-json-tools-<version>.tgz. It is packed from dist/npm/package, laid out as the package: the files of the
// manifest's `files`, README.md and LICENSE, and the manifest without `scripts` and `devDependencies`. The repository
// needs its postinstall (scripts/install-build.mjs: a clone's install builds); users must not get an install script.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const outDir = resolve(process.argv[2] ?? join(root, 'dist'));
/** Only the repository's install runs it. */
const REPOSITORY_ONLY = 'scripts/install-build.mjs';

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? '');
    process.exit(result.status ?? 1);
  }
  return result.stdout;
}

run(process.execPath, ['scripts/build.mjs', '--production'], root);
const stage = join(root, 'dist', 'npm', 'package');
rmSync(stage, { recursive: true, force: true });
const files = manifest.files.filter((file) => file !== REPOSITORY_ONLY);
for (const file of [...files, 'README.md', 'LICENSE']) {
  mkdirSync(dirname(join(stage, file)), { recursive: true });
  cpSync(join(root, file), join(stage, file), { recursive: true });
}
const { scripts, devDependencies, ...published } = manifest;
writeFileSync(join(stage, 'package.json'), `${JSON.stringify({ ...published, files }, null, 2)}\n`);
mkdirSync(outDir, { recursive: true });
const [{ filename, size }] = JSON.parse(run('npm', ['pack', stage, '--json', '--pack-destination', outDir], root));
console.log(`${relative(process.cwd(), join(outDir, filename))}: ${(size / 1000).toFixed(1)} kB`);
