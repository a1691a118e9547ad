import path = require('node:path');
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The file path of a `file:` URI; undefined for other schemes (untitled buffers, remote files) and bad URIs. */
export function uriToPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return path.normalize(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

/**
 * URIs by file path. The server answers with the URI a client used for a file (clients differ in how they
 * escape characters) and falls back to Node's encoding for files the client has not named.
 */
export class UriBook {
  private readonly known = new Map<string, string>();

  remember(uri: string): string | undefined {
    const file = uriToPath(uri);
    if (file !== undefined) this.known.set(file, uri);
    return file;
  }

  uriOf(file: string): string {
    return this.known.get(file) ?? pathToFileURL(file).href;
  }
}
