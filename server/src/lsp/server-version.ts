import { readFileSync } from 'node:fs';
import path = require('node:path');

let version: string | undefined;

/**
 * The extension's version from its package.json, two folders above the bundle (dist/server/server.js), as the
 * extension and the repository lay it out; `unknown` where there is none (the server run from its sources). Read
 * at run time: the entry stays small, without the manifest bundled into it.
 */
export function serverVersion(): string {
  if (version === undefined) {
    try {
      const read = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version?: unknown };
      version = typeof read.version === 'string' ? read.version : 'unknown';
    } catch {
      version = 'unknown';
    }
  }
  return version;
}

export const SERVER_NAME = 'docs-json-language-server';

export const SERVER_HELP = `usage: ${SERVER_NAME} [--stdio | --node-ipc]
  the language server of docs.json sites (the Language Server Protocol): diagnostics of docs.json and its
  pages, completion, hovers, quick fixes, renames; an editor starts it and talks to it
  --stdio      over standard input and output (the default), for any editor
  --node-ipc   over Node's IPC channel, as VS Code starts it
  --version    print the version and exit
  --help       print this and exit
`;
