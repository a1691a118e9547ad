import fs = require('node:fs');
import Module = require('node:module');
import os = require('node:os');
import path = require('node:path');
import vm = require('node:vm');

/** Long enough for the first check to have compiled what a start runs, so that it goes into the cache. */
const WRITE_AFTER_MS = 5_000;

/** What became of the cache: read and taken, refused by V8 (another build), none, or not trusted (its file or folder: see below). */
export type CodeCacheState = 'used' | 'rejected' | 'absent' | 'untrusted';

export interface CodeCacheRun {
  state: CodeCacheState;
  /** What the file exported, as `require` would return it. */
  exports: unknown;
}

/**
 * Runs a CommonJS file as `require` would, compiled with V8's code cache kept in `cacheDir`: on later starts V8
 * reads the compiled code instead of compiling the bundle again. The cache file is named for the file's content,
 * Node's version, the platform and the flags, so an update never meets an old cache (V8 also refuses a cache made
 * by another version or with other flags). It is written once per process that found none, when the first check
 * has run (its functions are compiled by then and go in) or at exit if that comes first, and older caches are
 * removed. A folder that cannot be written only means no cache. `name` keeps the server's and the CLI's apart.
 * `builtHash`, the file's SHA-256 written in at build time, saves hashing it (and loading node:crypto): 15-30 ms of
 * the CLI's start. The file's size and time of change go in the name too, so a file edited after the build (a
 * patched package) is not run from a cache made of its old text.
 */
export function runWithCodeCache(file: string, cacheDir: string, name = 'server', builtHash?: string): CodeCacheRun {
  // Read as bytes, decoded by Buffer: Node 20's own UTF-8 read decodes without SIMD (as readTextFromDisk's large files).
  const source = fs.readFileSync(file).toString('utf8');
  const context = `\0${process.version}\0${process.platform}-${process.arch}\0${process.execArgv.join(' ')}`;
  const key = builtHash ? fnv128(`${builtHash}\0${fileStamp(file)}${context}`) : sha256(source + context).slice(0, 32);
  const cacheFile = path.join(cacheDir, `${name}-${key}.v8cache`);
  const folder = ownCacheFolder(cacheDir);
  const found = folder === 'own' ? readOwnCache(cacheFile) : folder;
  const cachedData = typeof found === 'string' ? undefined : found;
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  const state: CodeCacheState = typeof found === 'string' ? found : script.cachedDataRejected ? 'rejected' : 'used';
  if (state === 'absent' || state === 'rejected' || (state === 'untrusted' && folder === 'own')) {
    writeWhenWarm(script, cacheDir, cacheFile, new RegExp(`^${name}-[0-9a-f]{32}\\.v8cache$`));
  }
  const compiled = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;
  const module = new Module(file);
  module.filename = file;
  compiled.call(module.exports, module.exports, Module.createRequire(file), module, file, path.dirname(file));
  return { state, exports: module.exports };
}

function sha256(text: string): string {
  return (require('node:crypto') as typeof import('node:crypto')).createHash('sha256').update(text).digest('hex');
}

function fileStamp(file: string): string {
  const stat = fs.statSync(file);
  return `${stat.size}\0${stat.mtimeMs}\0${stat.ino}`;
}

/** 32 hex digits of four FNV-1a hashes with different seeds: a name for a short key, not a defence (see readOwnCache). */
function fnv128(text: string): string {
  let out = '';
  for (const seed of [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b]) {
    let hash = seed >>> 0;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
    out += hash.toString(16).padStart(8, '0');
  }
  return out;
}

/**
 * The cache, only when this user wrote it: V8 checks a cache's version and flags, not that it was compiled from
 * this source, so a cache planted by someone else would be code we run. Opened without following a link and
 * without waiting (a FIFO), then checked on the descriptor it is read from (no swap between check and read): a
 * regular file of this user's that no one else may write, else not used. Windows has no owner in fstat: there the folder is the user's own.
 */
function readOwnCache(file: string): Buffer | 'absent' | 'untrusted' {
  let fd: number;
  try {
    // Never through a link, and never waiting on a FIFO (non-blocking open; fstat refuses it below).
    fd = fs.openSync(file, fs.constants.O_RDONLY | NO_FOLLOW | (fs.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'absent' : 'untrusted';
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || !ownedAlone(stat)) return 'untrusted';
    return fs.readFileSync(fd);
  } catch {
    return 'untrusted';
  } finally {
    fs.closeSync(fd);
  }
}

function writeWhenWarm(script: vm.Script, cacheDir: string, cacheFile: string, cacheName: RegExp): void {
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    try {
      fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
      if (ownCacheFolder(cacheDir) !== 'own') return;
      // Written aside (created here, exclusively: never through a link at that name) and renamed: another process
      // starting meanwhile reads a whole cache or none, and a link at the cache's name is replaced, not followed.
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      const fd = fs.openSync(temporary, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | NO_FOLLOW, 0o600);
      try {
        // As data-file.ts writes (this loader runs before the bundle that holds it): the whole buffer, on our descriptor.
        const data = script.createCachedData();
        for (let done = 0; done < data.length; ) done += fs.writeSync(fd, data, done, data.length - done);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(temporary, cacheFile);
      for (const entry of fs.readdirSync(cacheDir)) {
        if (!cacheName.test(entry) || path.join(cacheDir, entry) === cacheFile) continue;
        try {
          fs.unlinkSync(path.join(cacheDir, entry));
        } catch {
          // A folder under a cache's name, or gone meanwhile: left.
        }
      }
    } catch {
      // No cache this time.
    }
  };
  setTimeout(write, WRITE_AFTER_MS).unref();
  process.once('exit', write);
}

const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const STICKY = 0o1000;

/** Owned by this user, and nobody else may write it (no owner on Windows: the folder is the user's own there). */
function ownedAlone(stat: fs.Stats): boolean {
  return !process.getuid || (stat.uid === process.getuid() && (stat.mode & 0o022) === 0);
}

/**
 * Whether only this user (and root) can change what is in the cache folder: the folder itself is this user's and
 * writable by no one else (a sticky shared folder such as /tmp is not enough: others may plant names in it), and
 * every folder above it, on the path as given and on its real path, is root's or this user's and writable by no one
 * else, or root's and sticky (/tmp). A relative folder is refused: it would be found in whatever folder the process
 * started in, a cloned repository. Absent: not made yet (written later, checked again then).
 */
function ownCacheFolder(cacheDir: string): 'own' | 'absent' | 'untrusted' {
  if (!path.isAbsolute(cacheDir)) return 'untrusted';
  if (!process.getuid) return 'own';
  try {
    const real = fs.realpathSync(cacheDir);
    const self = fs.statSync(real);
    if (!self.isDirectory() || !ownedAlone(self)) return 'untrusted';
    return [...ancestors(path.resolve(cacheDir)), ...ancestors(real)].every(safeAncestor) ? 'own' : 'untrusted';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'absent' : 'untrusted';
  }
}

function ancestors(folder: string): string[] {
  const found: string[] = [];
  for (let parent = path.dirname(folder); ; parent = path.dirname(parent)) {
    found.push(parent);
    if (path.dirname(parent) === parent) return found;
  }
}

function safeAncestor(folder: string): boolean {
  const stat = fs.statSync(folder);
  if (stat.uid !== 0 && stat.uid !== process.getuid!()) return false;
  return (stat.mode & 0o022) === 0 || (stat.uid === 0 && (stat.mode & STICKY) !== 0);
}

/**
 * The CLI's cache folder: `DOCS_JSON_CODE_CACHE` when set (`off`: none), else the user's own cache folder, as the
 * platform has it (XDG on Linux). Never a shared temporary folder.
 */
export function cliCodeCacheDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform, home: string = os.homedir()): string | undefined {
  const named = env.DOCS_JSON_CODE_CACHE;
  // A relative folder would be found in the folder the check starts in (a cloned repository): no cache.
  if (named !== undefined && named !== '') return named === 'off' || !path.isAbsolute(named) ? undefined : named;
  if (platform === 'win32') return env.LOCALAPPDATA ? path.join(env.LOCALAPPDATA, 'docs-json-tools', 'code-cache') : undefined;
  if (!home) return undefined;
  if (platform === 'darwin') return path.join(home, 'Library', 'Caches', 'docs-json-tools');
  const xdg = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(home, '.cache');
  return path.join(xdg, 'docs-json-tools');
}
