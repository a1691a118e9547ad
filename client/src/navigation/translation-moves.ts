// Moving a page of the default language offers to move its translations with it (issue 48): `en/x` to `en/guides/x`
// takes `fr/x` to `fr/guides/x`, so that translation-missing does not come back. Read from the language grid the
// server answers (docsJson/languageGrid): no `vscode` here, so the LSP suite tests it beside the server's rename.
import type { LanguageGrid } from '../../../server/src/protocol';

export interface FileMove {
  /** URIs (file:). */
  from: string;
  to: string;
}

/**
 * The translations of the default-language page `move.from` and where each goes: the same path inside its own
 * language's folder as the page's new path inside the default language's folder. None when the page is no
 * default-language page, or leaves its language's folder (no mirrored place). `docsFolder` is the docs folder's URI
 * (no trailing slash); `exists` tells a target already taken (that translation stays).
 */
export function translationMoves(grids: readonly LanguageGrid[], docsFolder: string, move: FileMove, exists: (uri: string) => boolean): FileMove[] {
  const prefix = `${docsFolder}/`;
  if (!move.to.startsWith(prefix)) return [];
  const newPath = decodeURIComponent(move.to.slice(prefix.length));
  const moves: FileMove[] = [];
  for (const grid of grids) {
    const row = grid.rows.find((r) => r.cells[0]?.file === move.from);
    if (!row) continue;
    const mainFolder = grid.folders[0] ?? '';
    if (!newPath.startsWith(mainFolder)) continue;
    const inside = newPath.slice(mainFolder.length).replace(/\.mdx?$/i, '');
    row.cells.forEach((cell, i) => {
      // A fallback cell is another language's page (often this very one): it is not this language's to move.
      if (i === 0 || !cell.file || cell.cell === 'fallback' || cell.file === move.from) return;
      const extension = /\.mdx?$/i.exec(cell.file)?.[0] ?? '.mdx';
      const to = `${prefix}${encodePath(`${grid.folders[i]}${inside}`)}${extension}`;
      if (to !== cell.file && !exists(to) && !moves.some((m) => m.from === cell.file)) moves.push({ from: cell.file, to });
    });
  }
  return moves;
}

/** A docs-relative path as a URI's path (segments encoded as VS Code and the server write them). */
function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
