// The `skip` of a suite that drives a program from outside the repository: its one-line reason when the program is
// missing, else false. `npm test` installs them first when it can (scripts/setup-test-hosts.mjs).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((folder) => folder && fs.existsSync(path.join(folder, command)));
}

const missing = (what: string, install: string, byNpmTest = 'when root with apt-get') => `${what} is not installed (${install}; npm test installs it ${byNpmTest})`;

export const NO_NVIM: string | false = onPath('nvim') ? false : missing('nvim', 'apt-get install -y neovim');

export const NO_PRE_COMMIT: string | false = onPath('pre-commit') ? false : missing('pre-commit', 'apt-get install -y pre-commit');

/** Chromium and the installed code-server (scripts/vscode-install.mjs; DOCS_VSCODE_HOST_DIR); for `t.skip` in the test. */
export async function noVsCodeHost(root: string): Promise<string | false> {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) return missing(`Chromium (${chromium})`, 'apt-get install -y chromium');
  const install = await import(pathToFileURL(path.join(root, 'scripts', 'vscode-install.mjs')).href);
  return install.hostInstalled() ? false : missing(`the VS Code test host (${install.hostDir})`, 'node scripts/vscode-install.mjs', 'first');
}
