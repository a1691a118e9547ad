import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';

/** Long enough for the first check to have compiled what a start runs, so that it goes into the cache. */
const WRITE_AFTER_MS = 5_000;
const CACHE_NAME = /^server-[0-9a-f]{32}\.v8cache$/;

export type CodeCacheState = 'used' | 'rejected' | 'absent';

/**
 * Runs a CommonJS file as `require` would, compiled with V8's code cache kept in `cacheDir`: on later starts V8
 * reads the compiled code instead of compiling the bundle again. The cache file is named for the file's content,
 * Node's version, the platform and the flags, so an update never meets an old cache (V8 also refuses a cache made
 * by another version or with other flags). It is written once per process that found none, when the first check
 * has run (its functions are compiled by then and go in) or at exit if that comes first, and older caches are
 * removed. A folder that cannot be written only means no cache.
 */
export function runWithCodeCache(file: string, cacheDir: string): CodeCacheState {
  const source = fs.readFileSync(file, 'utf8');
  const key = createHash('sha256').update(source).update(`\0${process.version}\0${process.platform}-${process.arch}\0${process.execArgv.join(' ')}`).digest('hex').slice(0, 32);
  const cacheFile = path.join(cacheDir, `server-${key}.v8cache`);
  const cachedData = readIfPresent(cacheFile);
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  const state: CodeCacheState = cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'rejected' : 'used';
  if (state !== 'used') writeWhenWarm(script, cacheDir, cacheFile);
  const compiled = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;
  const module = new Module(file);
  module.filename = file;
  compiled.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return state;
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeWhenWarm(script: vm.Script, cacheDir: string, cacheFile: string): void {
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    try {
      fs.mkdirSync(cacheDir, { recursive: true });
      // Written aside and renamed: another server starting meanwhile reads a whole cache or none.
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, script.createCachedData());
      fs.renameSync(temporary, cacheFile);
      for (const name of fs.readdirSync(cacheDir)) {
        if (CACHE_NAME.test(name) && path.join(cacheDir, name) !== cacheFile) fs.rmSync(path.join(cacheDir, name), { force: true });
      }
    } catch {
      // No cache this time.
    }
  };
  setTimeout(write, WRITE_AFTER_MS).unref();
  process.once('exit', write);
}
