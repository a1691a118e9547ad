// Builds the production bundles and packs the extension: `npm run package [OUT]` → dist/docs-json-tools-<version>.vsix.
// The extension is laid out in dist/vsix/extension first: the files .vscodeignore lets through (the bundles, the
// schema, the manifest's media, CHANGELOG.md, LICENSE), the writers' README (extension/README.md as README.md), and
// the manifest without `files`: that list is the npm package's, and vsce refuses a manifest with both `files` and a
// .vscodeignore.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const out = resolve(process.argv[2] ?? join(root, 'dist', `${manifest.name}-${manifest.version}.vsix`));
const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(process.execPath, ['scripts/build.mjs', '--production'], root);
const stage = join(root, 'dist', 'vsix', 'extension');
rmSync(stage, { recursive: true, force: true });
const { listFiles, PackageManager } = await import('@vscode/vsce');
const shipped = await listFiles({ cwd: root, packageManager: PackageManager.None, ignoreFile: join(root, '.vscodeignore') });
for (const file of [...shipped.filter((name) => name !== 'package.json' && name !== 'README.md'), '.vscodeignore']) {
  mkdirSync(dirname(join(stage, file)), { recursive: true });
  copyFileSync(join(root, file), join(stage, file));
}
// Its links are written from extension/ (`../media/x.png`, as GitHub shows the file); here they are from the root,
// and stay relative (--no-rewrite-relative-links): the picture ships in the .vsix, the manifest names no repository.
writeFileSync(join(stage, 'README.md'), readFileSync(join(root, 'extension', 'README.md'), 'utf8').replace(/\]\(\.\.\//g, ']('));
const { files, scripts, devDependencies, ...extensionManifest } = manifest;
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(extensionManifest, null, 2)}\n`);
mkdirSync(dirname(out), { recursive: true });
run(process.execPath, [vsce, 'package', '--no-dependencies', '--no-rewrite-relative-links', '--allow-missing-repository', '--out', out], stage);
console.log(`${relative(root, out)}: ${(statSync(out).size / 1024).toFixed(1)} KiB`);
