// The language server's entry: `node dist/server/server.js --stdio` (or `--node-ipc`, as VS Code starts it).
// It runs the server's bundle (server-main.js beside it), through V8's code cache when the environment names a
// folder for one (`DOCS_JSON_CODE_CACHE`; the VS Code client gives its storage folder).
// `--version` and `--help` print and exit, before any server starts.
import path = require('node:path');
import { runWithCodeCache } from './code-cache';
import { SERVER_HELP, serverVersion } from './lsp/server-version';

/** server-main.js's SHA-256, written in by scripts/build.mjs (absent when run from source). */
declare const SERVER_BUNDLE_SHA256: string | undefined;

const args = process.argv.slice(2);
if (args.includes('--version') || args.includes('-v')) process.stdout.write(`${serverVersion()}\n`);
else if (args.includes('--help') || args.includes('-h')) process.stdout.write(SERVER_HELP);
else start();

function start(): void {
  const main = path.join(__dirname, 'server-main.js');
  const cacheDir = process.env.DOCS_JSON_CODE_CACHE;
  if (cacheDir) runWithCodeCache(main, cacheDir, 'server', typeof SERVER_BUNDLE_SHA256 === 'string' ? SERVER_BUNDLE_SHA256 : undefined);
  else require(main);
}
