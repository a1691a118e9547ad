import { LayeredReadText, ReadText } from '../checker';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The texts of files open in an editor: they override the disk's for every project that reads those files. */
export class OpenTexts {
  private readonly texts = new Map<string, string>();

  /** A file's text: the editor's when it is open there, else the disk's (`layers`: the workspace reads the disk itself). */
  readonly readText: LayeredReadText;

  constructor(readFile: ReadText) {
    this.readText = Object.assign((file: string) => this.texts.get(file) ?? readFile(file), { layers: { over: (file: string) => this.texts.get(file), under: readFile } });
  }

  /**
   * A lone surrogate (an editor's text can hold one; a file read as UTF-8 cannot) is kept as U+FFFD, what saving the
   * text as UTF-8 writes: one code unit for one, so every offset holds. Held as is, it threw out of every
   * `encodeURIComponent` of a check (a heading's slug), and the folder lost its page findings (issue 34).
   */
  set(file: string, text: string): void {
    this.texts.set(file, text.replace(LONE_SURROGATE, '\uFFFD'));
  }

  delete(file: string): void {
    this.texts.delete(file);
  }

  isOpen(file: string): boolean {
    return this.texts.has(file);
  }

  files(): IterableIterator<string> {
    return this.texts.keys();
  }
}
