import { JString, pageIdOf, resolveDocsPath, valueOf } from '../../checker';
import { DocsContext } from '../base/docs-context';
import { FileEdit, replaceNode } from '../../checker/json/json-edits';

/**
 * The most edits one rename answers with (entries, links, redirects): a larger workspace edit (tens of MB) stalls
 * the editor that applies it. Over it, the rename edits nothing and says so.
 */
export const MAX_RENAME_EDITS = 200_000;

/** Why a rename edits nothing: more edits than MAX_RENAME_EDITS. */
export function renameTooLarge(edits: number): string {
  const count = (n: number) => n.toLocaleString('en-US');
  return (
    `The rename would change ${count(edits)} links and entries, more than the ${count(MAX_RENAME_EDITS)} a rename may edit at once: ` +
    'none was updated. Update them with a search and replace, or rename fewer files at a time.'
  );
}

/** A file or folder moved inside the docs folder (paths relative to it). */
export interface Move {
  from: string;
  to: string;
}

/**
 * Where `moves` carry each file, looked up by the file's path and its folders': a rename of 2,000 files at once
 * looked each file up in every move (and read every page's links once per move), 112 s (issue 44).
 */
export class MoveIndex {
  private readonly byFile = new Map<string, Move>();
  private readonly byFolder = new Map<string, Move>();

  constructor(
    readonly moves: readonly Move[],
    isFile: (path: string) => boolean,
  ) {
    for (const move of moves) {
      const into = isFile(move.from) ? this.byFile : this.byFolder;
      if (!into.has(move.from)) into.set(move.from, move);
    }
  }

  /** The move that carries a file (relative): its own, else its innermost moved folder's. */
  moveOf(file: string): Move | undefined {
    const own = this.byFile.get(file) ?? this.byFolder.get(file);
    if (own || !this.byFolder.size) return own;
    for (let slash = file.lastIndexOf('/'); slash > 0; slash = file.lastIndexOf('/', slash - 1)) {
      const move = this.byFolder.get(file.slice(0, slash));
      if (move) return move;
    }
    return undefined;
  }

  /** A file's path after the moves, undefined when none carries it. */
  targetOf(file: string): string | undefined {
    const move = this.moveOf(file);
    return move && move.to + file.slice(move.from.length);
  }
}

/** Edits that point every page entry (and group `root`) at the page's new path after `moves`. */
export function pageMoveEdits(ctx: DocsContext, moves: MoveIndex): FileEdit[] {
  const edits: FileEdit[] = [];
  const visit = (node: JString) => {
    const written = node.plain;
    const resolved = resolveDocsPath(written);
    if (!resolved.inside) return;
    const file = ctx.workspace.files.pageFile(resolved.relative);
    if (file === undefined) return;
    const moved = moves.targetOf(file);
    if (moved === undefined) return;
    const id = pageIdOf(moved);
    if (id === undefined || id === pageIdOf(file)) return;
    const slash = /^\/+/.exec(written)?.[0] ?? '';
    edits.push(replaceNode(node, JSON.stringify(slash + id)));
  };
  for (const element of ctx.model.elements) {
    if (element.kind === 'page' && element.node.type === 'string') visit(element.node);
    if (element.kind === 'group') {
      const root = valueOf(element.node, 'root');
      if (root?.type === 'string') visit(root);
    }
  }
  return edits;
}
