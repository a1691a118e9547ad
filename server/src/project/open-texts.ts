import { LayeredReadText, ReadText } from '../checker';

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
   * `encodeURIComponent` of a check (a heading's slug), and the folder lost its page findings (issue 34). The engine's
   * own test, not a regular expression: this runs on every keystroke, and the expression's look-arounds took 2 ms
   * a keystroke on box's 280 kB docs.json and 8 ms on a 9 MB one (a text of one-byte characters needs no scan).
   */
  set(file: string, text: string): void {
    this.texts.set(file, wellFormed(text));
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

/** ES2024's String well-formedness (Node 20): not in this project's `lib`. */
interface WellFormedString {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

function wellFormed(text: string): string {
  const checked = text as unknown as WellFormedString;
  return checked.isWellFormed() ? text : checked.toWellFormed();
}
