import fs = require('node:fs');
import Module = require('node:module');
import os = require('node:os');
import path = require('node:path');
import vm = require('node:vm');

/** Long enough for the first check to have compiled what a start runs, so that it goes into the cache. */
const WRITE_AFTER_MS = 5_000;

/** What became of the cache: read and taken, refused by V8 (another build), none, or not trusted (see below). */
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
  const found = readOwnCache(cacheFile);
  const cachedData = typeof found === 'string' ? undefined : found;
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  const state: CodeCacheState = typeof found === 'string' ? found : script.cachedDataRejected ? 'rejected' : 'used';
  if (state !== 'used') writeWhenWarm(script, cacheDir, cacheFile, new RegExp(`^${name}-[0-9a-f]{32}\\.v8cache$`));
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
 * this source, so a cache planted by someone else would be code we run. The file is checked on the descriptor it
 * is read from (no swap between check and read). Windows has no owner in fstat: there the folder is the user's own.
 */
function readOwnCache(file: string): Buffer | 'absent' | 'untrusted' {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return 'absent';
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return 'untrusted';
    if (process.getuid && (stat.uid !== process.getuid() || (stat.mode & 0o022) !== 0)) return 'untrusted';
    return fs.readFileSync(fd);
  } catch {
    return 'absent';
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
      // Written aside and renamed: another process starting meanwhile reads a whole cache or none.
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
      fs.renameSync(temporary, cacheFile);
      for (const entry of fs.readdirSync(cacheDir)) {
        if (cacheName.test(entry) && path.join(cacheDir, entry) !== cacheFile) fs.rmSync(path.join(cacheDir, entry), { force: true });
      }
    } catch {
      // No cache this time.
    }
  };
  setTimeout(write, WRITE_AFTER_MS).unref();
  process.once('exit', write);
}

/**
 * The CLI's cache folder: `DOCS_JSON_CODE_CACHE` when set (`off`: none), else the user's own cache folder, as the
 * platform has it (XDG on Linux). Never a shared temporary folder.
 */
export function cliCodeCacheDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform, home: string = os.homedir()): string | undefined {
  const named = env.DOCS_JSON_CODE_CACHE;
  if (named !== undefined && named !== '') return named === 'off' ? undefined : path.resolve(named);
  if (platform === 'win32') return env.LOCALAPPDATA ? path.join(env.LOCALAPPDATA, 'docs-json-tools', 'code-cache') : undefined;
  if (!home) return undefined;
  if (platform === 'darwin') return path.join(home, 'Library', 'Caches', 'docs-json-tools');
  const xdg = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(home, '.cache');
  return path.join(xdg, 'docs-json-tools');
}
