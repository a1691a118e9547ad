// Issue 36: icons the platform cannot draw (they render blank), in docs.json (every `icon`, a name or
// `{ name, library }`) and in pages (`icon` attributes, front matter `icon:`), against the site's `icons.library`.
import { diagnostic, Diagnostic, MAX_FINDINGS_PER_FILE } from '../../diagnostics';
import { IconLibrary, NameLists } from '../../icons/name-lists';
import { iconLibraryOf, iconProblem, siteIconLibrary } from '../../icons/icon-verdict';
import { JValue, SourceFile, valueOf } from '../../json/json-tree';
import { FrontMatterEntry } from '../../pages/front-matter';
import { PageIcon } from '../../pages/page-links';
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';
import { nodeUnder, replaceWithSuggestion } from '../fix-edits';
import { pushAll } from '../../text/push-all';

/** Keys whose values are records of names the site chooses: an `icon` key there is not an icon. */
const FREE_RECORDS = new Set(['metatags', 'variables', 'integrations']);

/** Every `icon` value of a docs.json tree, with the library it is drawn from. */
function* iconValues(node: JValue | undefined, library: IconLibrary): Iterable<{ value: JValue; library: IconLibrary }> {
  if (node?.type === 'array') for (const item of node.items) yield* iconValues(item, library);
  if (node?.type !== 'object') return;
  for (const prop of node.props) {
    if (FREE_RECORDS.has(prop.key)) continue;
    if (prop.key !== 'icon') yield* iconValues(prop.value, library);
    else if (prop.value.type === 'object') yield { value: valueOf(prop.value, 'name')!, library: iconLibraryOf(valueOf(prop.value, 'library')) ?? library };
    else yield { value: prop.value, library };
  }
}

export function checkIcons({ model, workspace, options, report }: RuleContext): void {
  const names = options.iconNames;
  if (!names || !model.root) return;
  const site = siteIconLibrary(model.root);
  const hasFile = (relative: string) => workspace.files.has(relative);
  let reported = 0;
  for (const { value, library } of iconValues(model.root, site)) {
    if (value?.type !== 'string') continue;
    // Past the cap a finding is only counted: no nearest name is looked for.
    const problem = iconProblem(value.plain, library, names, hasFile, reported < MAX_FINDINGS_PER_FILE);
    if (!problem) continue;
    reported++;
    report(diagnostic('unknown-icon', value, problem.message, problem.suggestion ? { suggestion: problem.suggestion } : undefined));
  }
}

/**
 * The findings of a page's icons: its `icon` attributes, and its front matter's `icon:` when it is a string. The
 * files they name and miss are added to `missing` (the page is checked again when one is created). `room`: how many
 * more findings the page reports (past them, findings are only counted, so none looks for a nearest name).
 */
export function checkPageIcons(
  page: () => SourceFile,
  icons: readonly PageIcon[],
  frontMatterIcon: FrontMatterEntry | undefined,
  library: IconLibrary,
  names: NameLists,
  hasFile: (relative: string) => boolean,
  missing: Set<string>,
  room = MAX_FINDINGS_PER_FILE,
): Diagnostic[] {
  const found: Diagnostic[] = [];
  const written = [...icons];
  if (typeof frontMatterIcon?.value === 'string') {
    // The value as written, quotes excluded.
    const { valueStart, valueEnd } = frontMatterIcon;
    const text = page().text.slice(valueStart, valueEnd);
    const quoted = /^(['"]).*\1$/s.test(text);
    written.unshift({ value: frontMatterIcon.value, start: quoted ? valueStart + 1 : valueStart, end: quoted ? valueEnd - 1 : valueEnd });
  }
  for (const icon of written) {
    const problem = iconProblem(icon.value, library, names, hasFile, found.length < room);
    if (problem?.missingFile !== undefined) missing.add(problem.missingFile);
    if (problem) found.push(diagnostic('unknown-icon', { file: page(), offset: icon.start, length: icon.end - icon.start }, problem.message, problem.suggestion ? { suggestion: problem.suggestion } : undefined));
  }
  return found;
}

export const rule: RuleModule = {
  folder: 'icons',
  codes: { 'unknown-icon': 'warning' },
  check: checkIcons,
  page: {
    collects: ['icons', 'front-matter'],
    runs: (site) => site.iconNames !== undefined,
    check(page) {
      const { icons, site } = page;
      const entry = page.frontMatter?.entries.find((e) => e.key === 'icon');
      if (!icons || !site.iconNames || !(icons.length || entry)) return;
      pushAll(page.found, checkPageIcons(page.file, icons, entry, siteIconLibrary(page.model?.root), site.iconNames, site.hasFile, page.missing, MAX_FINDINGS_PER_FILE - page.found.length));
    },
  },
  fixes: { 'unknown-icon': (d, { model }) => replaceWithSuggestion(d, nodeUnder(model, d)) },
};
