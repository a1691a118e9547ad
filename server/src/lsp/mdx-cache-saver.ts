import path = require('node:path');
import { cacheSecret, makeDataFolder, mdxCacheKey, MdxVerdictCache, mdxWorkerScript, userCacheFolder } from '../language';
import { serverVersion } from './server-version';

/** A while after the first new verdict: a folder's first pass writes the file once, not once a page. */
export const SAVE_AFTER_MS = 5_000;
/**
 * At most one write in this time (issue 44: typing in a page with an error rewrote the whole 18 MB file every 5 s):
 * what changed meanwhile is appended in the next write (the file is rewritten whole only once its log outgrows it),
 * and nothing is written when nothing changed.
 */
export const SAVE_EVERY_MS = 60_000;

/** The clock and timer the saver uses (a fake one in tests). */
export interface SaverClock {
  now(): number;
  setTimeout(run: () => void, ms: number): { unref?(): void };
  clearTimeout(timer: unknown): void;
}

const REAL_CLOCK: SaverClock = { now: () => Date.now(), setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout) };

/**
 * The MDX verdicts the server keeps across sessions, in the file `DOCS_JSON_MDX_CACHE` names (the VS Code client
 * gives one in the workspace's storage folder): reopening a large site shows its MDX findings at once instead of
 * after every page is parsed again. Saved a while after new verdicts (at most once every SAVE_EVERY_MS) and at
 * shutdown; none without the variable, or without this user's cache key (cache-seal.ts).
 */
export class MdxCacheSaver {
  readonly cache?: MdxVerdictCache;
  private timer?: unknown;
  private lastSave = -Infinity;
  private log?: (message: string) => void;

  constructor(
    file: string | undefined,
    log: (message: string) => void,
    private readonly clock: SaverClock = REAL_CLOCK,
    env: NodeJS.ProcessEnv = process.env,
    worker: string | undefined = mdxWorkerScript(),
  ) {
    if (!file || !worker) return;
    this.log = log;
    const folder = userCacheFolder(env);
    const secret = folder ? cacheSecret(folder) : { refused: 'no user cache folder (XDG_CACHE_HOME, HOME)' };
    if (!Buffer.isBuffer(secret)) {
      log(`MDX verdict cache ${file} not used: ${secret.refused}`);
      return;
    }
    this.cache = new MdxVerdictCache(file, mdxCacheKey(serverVersion(), worker), secret, [], true);
    if (this.cache.notRead) log(`MDX verdict cache ${file} not used: ${this.cache.notRead}`);
    this.cache.onSet = () => {
      if (this.timer !== undefined) return;
      const wait = Math.max(SAVE_AFTER_MS, this.lastSave + SAVE_EVERY_MS - this.clock.now());
      const timer = this.clock.setTimeout(() => this.save(), wait);
      timer.unref?.();
      this.timer = timer;
    };
  }

  save(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    const cache = this.cache;
    if (!cache) return;
    this.lastSave = this.clock.now();
    const folder = makeDataFolder(path.dirname(cache.file));
    const failed = folder ?? cache.saveChanges();
    if (failed) this.log?.(`MDX verdict cache ${cache.file} not written: ${failed}`);
  }
}
