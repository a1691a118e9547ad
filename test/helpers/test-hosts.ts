// The `skip` of a suite that drives a program from outside the repository: its one-line reason when the program is
// missing, else false. `npm test` installs them first when it can (scripts/setup-test-hosts.mjs).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

export function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((folder) => folder && fs.existsSync(path.join(folder, command)));
}

const missing = (what: string, install: string, byNpmTest = 'when root with apt-get') => `${what} is not installed (${install}; npm test installs it ${byNpmTest})`;

export const NO_NVIM: string | false = onPath('nvim') ? false : missing('nvim', 'apt-get install -y neovim');

export const NO_PRE_COMMIT: string | false = onPath('pre-commit') ? false : missing('pre-commit', 'apt-get install -y pre-commit');

// pre-commit 4 in its own venv, which scripts/setup-test-hosts.mjs makes when pip reaches an index (optional: not
// required by DOCS_REQUIRE_TEST_HOSTS). Same folder as there: .test-hosts/pre-commit-4, or DOCS_PRE_COMMIT_4_DIR.
const preCommit4Dir = path.resolve(process.env.DOCS_PRE_COMMIT_4_DIR ?? path.join(__dirname, '..', '..', '.test-hosts', 'pre-commit-4'));
const preCommit4Bin = path.join(preCommit4Dir, 'bin', 'pre-commit');

/** The pre-commit 4 executable, or undefined. */
export const PRE_COMMIT_4: string | undefined = fs.existsSync(preCommit4Bin) ? preCommit4Bin : undefined;

/** The set-up's own line when its last try failed (why: no python3, no index…), else what would install it. */
function noPreCommit4(): string {
  const note = path.join(preCommit4Dir, 'not-installed.txt');
  const why = fs.existsSync(note) ? fs.readFileSync(note, 'utf8').trim() : '';
  if (why) return `${why}; npm test tries again (optional)`;
  return `pre-commit 4 is not installed (not in ${preCommit4Dir}; npm test installs it there with python3 -m venv and pip when an index is reachable; optional)`;
}

export const NO_PRE_COMMIT_4: string | false = PRE_COMMIT_4 ? false : noPreCommit4();

/** Chromium and the installed code-server (scripts/vscode-install.mjs; DOCS_VSCODE_HOST_DIR); for `t.skip` in the test. */
export async function noVsCodeHost(root: string): Promise<string | false> {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) return missing(`Chromium (${chromium})`, 'apt-get install -y chromium');
  const install = await import(pathToFileURL(path.join(root, 'scripts', 'vscode-install.mjs')).href);
  return install.hostInstalled() ? false : missing(`the VS Code test host (${install.hostDir})`, 'node scripts/vscode-install.mjs', 'first');
}
