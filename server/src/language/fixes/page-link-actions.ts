import { CodeAction, CodeActionKind, Diagnostic as LspDiagnostic } from 'vscode-languageserver-types';
import { LineMap, suggestPage } from '../../checker';
import { linkPath, querySuffix } from '../../checker/links/resolve-link';
import { hasAnchor } from '../../checker/pages/page-anchors';
import { nearest } from '../../checker/text/nearest';
import { DocsProject } from '../../project/docs-project';
import { anchorsLinkedTo, createPageFile } from '../pages/new-page-file';
import { plainText } from '../findings/diagnostics';
import { pageByLinkText, pageTitle } from '../pages/link-text-match';

/** Longer paths are not file names a system accepts: no file is offered for them. */
const MAX_NEW_PAGE_PATH = 1024;
/** Longer anchors are not matched to a page's ids (edit distance is quadratic); a longer one is dropped. */
const MAX_MATCHED_ANCHOR = 200;

/**
 * Quick fixes of a broken link in a page: the nearest existing page (the link's `#anchor`/`?query` kept), and
 * creating the missing page. As for a missing page entry, a far match comes after creating the page. The client's
 * diagnostics only say where to look: the missing page comes from the server's own finding at that place, never
 * from the `data` the client sends back (forged data once made an edit creating a file in the temp folder).
 */
export function pageLinkActions(
  project: DocsProject,
  file: string,
  diagnostics: readonly LspDiagnostic[],
  createFiles: boolean,
  uriOf: (file: string) => string,
): CodeAction[] {
  const relative = project.relative(file);
  const text = relative === undefined ? undefined : project.workspace.read(relative);
  if (text === undefined) return [];
  const lines = new LineMap(text);
  const findings = project.pageLinks.check(relative!, project.lastCheck?.result.model ?? project.model());
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.code !== 'broken-link') continue;
    const start = lines.offsetAt(diagnostic.range.start);
    const end = lines.offsetAt(diagnostic.range.end);
    const page = findings.find((f) => f.code === 'broken-link' && f.offset === start && f.offset + f.length === end)?.data?.page;
    if (!page) continue;
    const written = text.slice(start, end);
    const suffix = querySuffix(written);
    const suggestion = suggestPage(project.files, project.catalog().pageIds, page);
    // The page the link's text names comes first: its title says what the writer meant, a path only how far it is.
    const linkText = openLinkText(text.slice(text.lastIndexOf('\n', start) + 1, start));
    const named = linkText ? pageByLinkText(project, linkText) : undefined;
    const linkTo = (target: string, isPreferred: boolean): CodeAction => {
      const title = pageTitle(project, target);
      const { kept, anchor, dropped } = suffixOn(project, target, suffix);
      // The anchor is shown when it is not the one written: its nearest id there, or none.
      return {
        title: `Link to '/${target}${anchor ? `#${anchor}` : ''}'${title ? ` (${title})` : ''}${dropped ? `, without '#${dropped}' (no heading of it there)` : ''}`,
        isPreferred,
        edit: { changes: { [uriOf(file)]: [{ range: diagnostic.range, newText: `/${linkPath(target)}${kept}` }] } },
      };
    };
    const replace: CodeAction[] = [
      ...(named ? [linkTo(named.page, true)] : []),
      ...(suggestion && suggestion.page !== named?.page ? [linkTo(suggestion.page, !named && suggestion.close)] : []),
    ];
    const close = named !== undefined || suggestion?.close;
    const create: CodeAction[] = createFiles && page.length <= MAX_NEW_PAGE_PATH && !project.workspace.ignore.ignores(`${page}.mdx`) ? [{ ...createPageFile(uriOf, project.folder, page, anchorsLinkedTo(project, page)), isPreferred: !close }] : [];
    const fixes = close ? [...replace, ...create] : [...create, ...replace];
    for (const fix of fixes) actions.push({ ...fix, title: plainText(fix.title), kind: CodeActionKind.QuickFix, diagnostics: [diagnostic] });
  }
  return actions;
}

/**
 * A link's `?query#anchor` as it may stay on another page: the anchor kept where that page makes it, else its nearest
 * id there, else dropped (`dropped`). Kept as written, a fix traded a broken link for a broken anchor (issue 23: 5 of
 * 300 seeded page faults, as `/tasks/schedulee#scheduled-tasks-cron` → `/tasks/scheduled#scheduled-tasks-cron`).
 */
function suffixOn(project: DocsProject, target: string, suffix: string): { kept: string; anchor?: string; dropped?: string } {
  const hash = suffix.indexOf('#');
  const anchor = hash < 0 ? '' : suffix.slice(hash + 1);
  const file = anchor ? project.files.pageFile(target) : undefined;
  if (!anchor || file === undefined) return { kept: suffix };
  const ids = project.pageLinks.idsOf(file);
  if (hasAnchor(ids, anchor)) return { kept: suffix };
  const near = anchor.length <= MAX_MATCHED_ANCHOR ? nearest(anchor, ids) : undefined;
  return near === undefined ? { kept: suffix.slice(0, hash), dropped: anchor } : { kept: `${suffix.slice(0, hash)}#${near}`, anchor: near };
}

/** The text of the link `before` ends in the middle of (`…[text](`), as `/\[([^\]]*)\]\($/` read it, in one pass. */
function openLinkText(before: string): string | undefined {
  const close = before.length - 2;
  if (close < 0 || !before.endsWith('](')) return undefined;
  // The first `[` past the `]` before this one.
  const open = before.indexOf('[', before.lastIndexOf(']', close - 1) + 1);
  return open >= 0 && open < close ? before.slice(open + 1, close) : undefined;
}
