import { CheckResult, docsRelativePath, FileIndex, foundPageFiles, stringOf } from '../checker';

/**
 * The pages a model's navigation reaches (page entries and group `root` pages), as a mark per file id of the
 * index: no string or set entry per page. Answers for the index version it was made at (`current`).
 */
export class ReachedPages {
  private readonly marks: Uint8Array;
  private readonly version: number;

  constructor(private readonly index: FileIndex) {
    this.marks = new Uint8Array(index.idLimit);
    this.version = index.version;
  }

  /** Whether the index is unchanged since: file ids are renumbered by removals. */
  get current(): boolean {
    return this.version === this.index.version;
  }

  mark(id: number): void {
    if (id >= 0) this.marks[id] = 1;
  }

  /** Whether the navigation reaches the file (relative path). */
  hasFile(file: string): boolean {
    return this.hasId(this.index.idOf(file));
  }

  hasId(id: number): boolean {
    return id >= 0 && this.marks[id] === 1;
  }
}

/** The pages reached by a check's model (or a model not checked: `result.findings` empty). */
export function reachedPages(result: Pick<CheckResult, 'model' | 'findings'>, index: FileIndex): ReachedPages {
  const reached = new ReachedPages(index);
  const add = (written: string | undefined) => {
    const relative = written === undefined ? undefined : docsRelativePath(written);
    if (relative !== undefined) reached.mark(index.pageFileId(relative));
  };
  // The check already looked every page entry up: its answers are taken as they are.
  const found = foundPageFiles(result, index);
  let at = 0;
  for (const element of result.model.elements) {
    if (element.kind === 'page' && element.node.type === 'string') {
      if (found) reached.mark(found[at++]);
      else add(element.node.plain);
    } else if (element.kind === 'group') add(stringOf(element.node, 'root'));
  }
  return reached;
}
