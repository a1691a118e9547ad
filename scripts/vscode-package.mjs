// Builds the production bundles and packs the extension: `npm run package` → dist/docs-json-tools-<version>.vsix.
// The .vsix holds what .vscodeignore lets through (the bundles, the schema, the manifest's media) and
// README.md without its pictures: vsce refuses relative image links when package.json names no repository.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const out = resolve(process.argv[2] ?? join(root, 'dist', `${name}-${version}.vsix`));

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(process.execPath, ['scripts/build.mjs', '--production']);
const readme = join(root, 'dist', 'vsix', 'README.md');
mkdirSync(dirname(readme), { recursive: true });
const text = readFileSync(join(root, 'README.md'), 'utf8').replace(/^!\[[^\]]*\]\((?![a-z]+:)[^)]*\)\s*$/gim, '');
writeFileSync(readme, text);
mkdirSync(dirname(out), { recursive: true });
const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
run(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--readme-path', relative(root, readme), '--out', out]);
console.log(`${relative(root, out)}: ${(statSync(out).size / 1024).toFixed(1)} KiB`);
