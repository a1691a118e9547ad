import { ReadText } from '../checker';

/** The texts of files open in an editor: they override the disk's for every project that reads those files. */
export class OpenTexts {
  private readonly texts = new Map<string, string>();

  constructor(private readonly readFile: ReadText) {}

  /** A file's text: the editor's when it is open there, else the disk's. */
  readonly readText: ReadText = (file) => this.texts.get(file) ?? this.readFile(file);

  set(file: string, text: string): void {
    this.texts.set(file, text);
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
