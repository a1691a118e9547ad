// Pages × languages of one `languages` list, as a grid a writer reads at a glance (issue 37): each page of the
// default language, and for every language whether its translation is listed, exists but is not listed, or missing;
// then the pages a language lists that stand in another language's folder (fallbacks).
import { DocsModel } from '../model/docs-model';
import { FileIndex } from '../workspace/file-index';
import { fallbackPages, languageLayouts, listedPages, pageCount, pathInLanguage, samePage } from './language-layout';

export type GridCell =
  /** Listed in the language's navigation. */
  | 'present'
  /** The file exists, the navigation does not list it. */
  | 'unlisted'
  /** Neither listed nor written. */
  | 'missing'
  /** The language lists another language's page here. */
  | 'fallback';

export interface GridRow {
  /** The page as the default language lists it, and its file (relative), if any. */
  page: string;
  file?: string;
  /** Per language (in the grid's order): its page path, its file if it exists, and the cell. */
  cells: GridRowCell[];
}

export interface GridRowCell {
  page: string;
  file?: string;
  cell: GridCell;
  /** A translation's structural differences from its source (issue 51), when the Docs view counted them. */
  differences?: number;
  /** A translation last committed before its source. */
  outdated?: boolean;
}

export interface LanguageGrid {
  /** Language codes, the default one first. */
  languages: string[];
  folders: string[];
  rows: GridRow[];
  /** Per language: counts of each cell. */
  counts: Record<GridCell, number>[];
  /** Per language: the pages it lists, a page listed twice once (the CLI's count: `LanguageStanding.pages`). */
  pages: number[];
  /** Per language: its translations with structural differences, and those older than their source (filled by the Docs view). */
  drift?: { differing: number; outdated: number }[];
}

/** The grid of each `languages` list of the navigation (usually one). */
export function languageGrids(model: DocsModel, files: FileIndex): LanguageGrid[] {
  return languageLayouts(model).map((layout) => {
    const sections = [layout.main, ...layout.sections.filter((s) => s !== layout.main)];
    const listed = sections.map(listedPages);
    const counts = sections.map(() => ({ present: 0, unlisted: 0, missing: 0, fallback: 0 }));
    const rows: GridRow[] = [];
    const seen = new Set<string>();
    for (const page of layout.main.pages) {
      const inside = pathInLanguage(layout.main, page.path);
      if (inside === undefined || seen.has(samePage(inside))) continue;
      seen.add(samePage(inside));
      const cells = sections.map((section, i): GridRowCell => {
        const path = section.folder + inside;
        const file = files.pageFile(path);
        const cell: GridCell = listed[i].has(samePage(inside)) ? 'present' : file !== undefined ? 'unlisted' : 'missing';
        counts[i][cell]++;
        return { page: path, file, cell };
      });
      rows.push({ page: page.path, file: files.pageFile(page.path), cells });
    }
    // A language listing another language's page: that page's row shows it in the language's column.
    const rowOf = new Map(rows.map((row, index) => [samePage(pathInLanguage(layout.main, row.page) ?? row.page), index]));
    sections.forEach((section, i) => {
      if (i === 0) return;
      for (const { path, owner } of fallbackPages(layout, section)) {
        const inside = pathInLanguage(owner, path);
        const row = inside === undefined ? undefined : rowOf.get(samePage(inside));
        const cell = row === undefined ? undefined : rows[row].cells[i];
        if (!cell || cell.cell === 'present' || cell.cell === 'fallback') continue;
        counts[i][cell.cell]--;
        counts[i].fallback++;
        cell.cell = 'fallback';
        cell.page = path;
        cell.file = files.pageFile(path);
      }
    });
    return { languages: sections.map((s) => s.code), folders: sections.map((s) => s.folder), rows, counts, pages: sections.map(pageCount) };
  });
}
