import { ReadText } from '../checker';
import { UriBook, uriToPath } from './uris';

/**
 * The files open in the editor: their text overrides the disk's for every project, and the URI the client used
 * for each file is the one answers name it by.
 */
export class OpenDocuments {
  readonly uris = new UriBook();
  private readonly texts = new Map<string, string>();

  constructor(private readonly readFile: ReadText) {}

  /** A file's text: the editor's when it is open there, else the disk's. */
  readonly readText: ReadText = (file) => this.texts.get(file) ?? this.readFile(file);

  /** Records the text of an open file; its path, or undefined for a URI that names no file. */
  set(uri: string, text: string): string | undefined {
    const file = this.uris.remember(uri);
    if (file !== undefined) this.texts.set(file, text);
    return file;
  }

  delete(uri: string): string | undefined {
    const file = uriToPath(uri);
    if (file !== undefined) this.texts.delete(file);
    return file;
  }

  isOpen(file: string): boolean {
    return this.texts.has(file);
  }

  openFiles(): IterableIterator<string> {
    return this.texts.keys();
  }
}
