// SPEC rules 4, 8-10: a page belongs once to a section; the same page in other versions or languages is normal.
import { diagnostic } from '../diagnostics';
import { KIND_TITLE } from '../model/element-kinds';
import { NavElement } from '../model/docs-model';
import { docsRelativePath } from '../workspace/docs-paths';
import { RuleContext } from './rule-context';

export function checkDuplicatePages({ model, report }: RuleContext): void {
  const seen = new Map<NavElement | undefined, Map<string, NavElement>>();
  // Entries come in document order: runs of them share a section.
  let section: NavElement | undefined | null = null;
  let inSection = new Map<string, NavElement>();
  for (const element of model.elements) {
    const id = entryId(element);
    if (id === undefined) continue;
    if (element.section !== section) {
      section = element.section;
      let known = seen.get(section);
      if (!known) seen.set(section, (known = new Map()));
      inSection = known;
    }
    const first = inSection.get(id);
    if (!first) {
      inSection.set(id, element);
      continue;
    }
    const line = first.node.file.lines.positionAt(first.node.offset).line + 1;
    const where = element.section ? `this ${KIND_TITLE[element.section.kind]}` : 'the navigation';
    report(diagnostic('duplicate-page', element.node, `'${element.label}' is listed twice in ${where} (first on line ${line})`));
  }
}

function entryId(element: NavElement): string | undefined {
  if (element.kind === 'endpoint') {
    if (!element.endpoint) return undefined;
    const specs = element.openapi.map((s) => s.location).join(',');
    return `${specs}|${element.endpoint.spec ?? ''}|${element.endpoint.key}`;
  }
  if (element.kind !== 'page' || element.node.type !== 'string') return undefined;
  return docsRelativePath(element.node.plain);
}
