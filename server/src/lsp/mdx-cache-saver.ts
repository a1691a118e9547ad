import fs = require('node:fs');
import path = require('node:path');
import { mdxCacheKey, MdxVerdictCache, mdxWorkerScript } from '../service/language-service';
import { serverVersion } from './server-version';

/** A while after the last new verdict: a folder's first pass writes the file once, not once a page. */
const SAVE_AFTER_MS = 5_000;

/**
 * The MDX verdicts the server keeps across sessions, in the file `DOCS_JSON_MDX_CACHE` names (the VS Code client
 * gives one in the workspace's storage folder): reopening a large site shows its MDX findings at once instead of
 * after every page is parsed again. Saved a while after new verdicts and at shutdown; none without the variable.
 */
export class MdxCacheSaver {
  readonly cache?: MdxVerdictCache;
  private timer?: NodeJS.Timeout;
  private log?: (message: string) => void;

  constructor(file: string | undefined, log: (message: string) => void) {
    const worker = mdxWorkerScript();
    if (!file || !worker) return;
    this.log = log;
    this.cache = new MdxVerdictCache(file, mdxCacheKey(serverVersion(), worker));
    if (this.cache.notRead) log(`MDX verdict cache ${file} not used: ${this.cache.notRead}`);
    this.cache.onSet = () => {
      if (this.timer) return;
      this.timer = setTimeout(() => this.save(), SAVE_AFTER_MS);
      this.timer.unref();
    };
  }

  save(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const cache = this.cache;
    if (!cache) return;
    try {
      fs.mkdirSync(path.dirname(cache.file), { recursive: true });
    } catch {
      // Said below, when the file cannot be written.
    }
    const failed = cache.save();
    if (failed) this.log?.(`MDX verdict cache ${cache.file} not written: ${failed}`);
  }
}
