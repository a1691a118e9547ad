// The language server's entry: `node dist/server/server.js --stdio` (or `--node-ipc`, as VS Code starts it).
// It runs the server's bundle (server-main.js beside it), through V8's code cache when the environment names a
// folder for one (`DOCS_JSON_CODE_CACHE`; the VS Code client gives its storage folder).
import path = require('node:path');
import { runWithCodeCache } from './code-cache';

const main = path.join(__dirname, 'server-main.js');
const cacheDir = process.env.DOCS_JSON_CODE_CACHE;
if (cacheDir) runWithCodeCache(main, cacheDir);
else require(main);
