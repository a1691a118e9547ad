// The CLI's entry (`bin/docs-json.js`): runs the CLI's bundle (main.js beside it) through V8's code cache, kept in
// the user's own cache folder (see cliCodeCacheDir). Compiling the bundle took 42 ms of every check's start, and
// node:http and friends another 30 ms (now loaded on a first request): a check of a 300-page site takes 0.3 s.
import path = require('node:path');
import { cliCodeCacheDir, runWithCodeCache } from '../../server/src/code-cache';

/** main.js's SHA-256, written in by scripts/build.mjs (absent when run from source). */
declare const CLI_BUNDLE_SHA256: string | undefined;

interface CliBundle {
  runFromProcess(): void;
}

const main = path.join(__dirname, 'main.js');
// Only a check makes and reads the cache: V8 keeps what the run that wrote it compiled, and a first `--version` or
// `--help` would leave a cache (300 of 900 kB) without the check's code, never written again. The API commands
// wait on the network.
const cacheDir = process.argv[2] === 'check' ? cliCodeCacheDir(process.env) : undefined;
const builtHash = typeof CLI_BUNDLE_SHA256 === 'string' ? CLI_BUNDLE_SHA256 : undefined;
const bundle = (cacheDir ? runWithCodeCache(main, cacheDir, 'cli', builtHash).exports : require(main)) as CliBundle;
bundle.runFromProcess();
