// What the Docs view's "Other files" row lists: every file with errors or warnings that no other row counts
// (snippets, OpenAPI specs, `$ref` files outside the navigation's elements, docs.json's settings, a page only
// another docs.json lists), so that the top rows add up to what the Problems panel lists for the folder.
import type { Counted, Tally } from './navigation-tree';

/** Adds one error or warning of `file` to `tallies`. */
export function countInto(tallies: Map<string, Tally>, file: string, severity: Counted): void {
  const tally = tallies.get(file) ?? { errors: 0, warnings: 0 };
  if (severity === 'error') tally.errors++;
  else tally.warnings++;
  tallies.set(file, tally);
}

/**
 * The files of "Other files", sorted by path, with their errors and warnings. `unowned`: the check's findings on no
 * row, by relative path; `pages`: the pages with link findings, with those; `counted`: whether another row (an
 * entry of the navigation, "Not in navigation") counts a page's.
 */
export function otherFiles(unowned: ReadonlyMap<string, Tally>, pages: Iterable<readonly [string, Tally]>, counted: (page: string) => boolean): [string, Tally][] {
  const all = new Map<string, Tally>();
  const addTo = (file: string, tally: Tally) => {
    const sum = all.get(file) ?? { errors: 0, warnings: 0 };
    all.set(file, { errors: sum.errors + tally.errors, warnings: sum.warnings + tally.warnings });
  };
  for (const [file, tally] of unowned) addTo(file, tally);
  for (const [page, tally] of pages) if (!counted(page)) addTo(page, tally);
  return [...all].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
