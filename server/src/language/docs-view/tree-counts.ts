import { Diagnostic, DocsModel, pageIdOf } from '../../checker';
import { DocsProject } from '../../project/docs-project';
import { OwnedElsewhere } from '../../project/orphans';
import { DocsJsonSettings, ORPHAN_CODE, ORPHAN_SEVERITY } from '../../project/project-settings';
import { effectiveSeverity, unlistedTranslations } from '../findings/diagnostics';
import { DocsContext } from '../base/docs-context';
import { orphansShown, problemCounts, subtreeCounts, Tally, TreeCounts } from './navigation-tree';
import { countInto, otherFiles } from './other-files';

interface Kept {
  settings: DocsJsonSettings;
  links: string;
  files: number;
  counts: TreeCounts;
  /** The check's errors and warnings on no row, by file (relative). */
  unowned: Map<string, Tally>;
  /** The pages with link findings that a navigation row counts. */
  countedPages: Set<string>;
}

/**
 * The Docs view's counts for a project's last check, made once per check, settings, links and files (the view asks
 * for each open level after every check).
 */
export function treeCountsKeeper(contextOf: (project: DocsProject, model: DocsModel) => DocsContext, ownedElsewhere: (project: DocsProject) => OwnedElsewhere) {
  const byCheck = new WeakMap<object, Kept>();
  return (project: DocsProject): { ctx: DocsContext; counts: TreeCounts } => {
    const { result } = project.checked();
    const ctx = contextOf(project, result.model);
    const severityOf = (d: Diagnostic) => effectiveSeverity(d.code, d.severity, project.settings);
    const links = project.pageLinks.keptVersion;
    const files = project.files.version;
    let kept = byCheck.get(result);
    if (kept?.settings !== project.settings) {
      const unowned = new Map<string, Tally>();
      const own = problemCounts(result.model, result.diagnostics, severityOf, (d, severity) => countInto(unowned, project.relative(d.file.path) ?? d.file.path, severity));
      kept = { settings: project.settings, links: '', files: -1, counts: { own, subtree: new Map(), listedElsewhere: new Map(), orphans: [] }, unowned, countedPages: new Set() };
      byCheck.set(result, kept);
    }
    const tallyOf = (found: readonly Diagnostic[]): Tally => {
      const tally = { errors: 0, warnings: 0 };
      for (const d of found) {
        const severity = severityOf(d);
        if (severity === 'error') tally.errors++;
        else if (severity === 'warning') tally.warnings++;
      }
      return tally;
    };
    const linkTally = (file: string): Tally | undefined => {
      const found = project.pageLinks.kept(file);
      return found?.length ? tallyOf(found) : undefined;
    };
    const linksChanged = kept.links !== links;
    // The links of pages count once checked: the first pass over a folder's pages raises the counts as it goes.
    if (linksChanged) {
      const counted = new Set<string>();
      const countedTally = (file: string) => {
        const tally = linkTally(file);
        if (tally) counted.add(file);
        return tally;
      };
      kept.counts = { ...kept.counts, ...subtreeCounts(ctx, kept.counts.own, countedTally) };
      kept.countedPages = counted;
      kept.links = links;
    }
    const filesChanged = kept.files !== files;
    if (filesChanged) {
      const shown = effectiveSeverity(ORPHAN_CODE, ORPHAN_SEVERITY, project.settings) !== undefined;
      kept.counts = { ...kept.counts, orphans: shown ? project.orphans(ownedElsewhere(project)).sort() : [] };
      kept.files = files;
    }
    // The pages not in the navigation count theirs too, and so does every other file: the Problems panel lists them.
    if (linksChanged || filesChanged) {
      const orphanTallies = orphanTalliesOf(project, kept.counts.orphans, linkTally);
      const orphanRow = orphansShown(result.model, kept.counts.orphans) ? orphanTallies : new Map<string, Tally>();
      const { countedPages } = kept;
      const pages = (function* () {
        for (const [page, found] of project.pageLinks.keptFindings()) yield [page, tallyOf(found)] as const;
        // Without their row, the orphans' own findings (when raised to warnings) are other files'.
        if (orphanRow !== orphanTallies) yield* orphanTalliesOf(project, kept.counts.orphans, () => undefined);
      })();
      const others = otherFiles(kept.unowned, pages, (page) => countedPages.has(page) || orphanRow.has(page)).filter(([, tally]) => tally.errors || tally.warnings);
      kept.counts = { ...kept.counts, orphanTallies, others };
    }
    return { ctx, counts: kept.counts };
  };
}

/**
 * The errors and warnings of each orphan with some: in its links, and the orphan finding itself when the folder
 * raised it to a warning or an error (as the Problems panel then lists it: not on a translation that
 * translation-missing already tells of).
 */
function orphanTalliesOf(project: DocsProject, orphans: readonly string[], linkTally: (file: string) => Tally | undefined): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  const severity = effectiveSeverity(ORPHAN_CODE, ORPHAN_SEVERITY, project.settings);
  const counted = severity === 'error' || severity === 'warning' ? severity : undefined;
  const told = counted ? unlistedTranslations(project) : new Set<string>();
  for (const file of orphans) {
    const links = linkTally(file);
    if (links) tallies.set(file, { ...links });
    if (counted && !told.has(pageIdOf(file) ?? file)) countInto(tallies, file, counted);
  }
  return tallies;
}
