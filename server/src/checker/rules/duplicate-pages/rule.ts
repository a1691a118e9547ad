// SPEC rules 4, 8-10: a page belongs once to a section; the same page in other versions or languages is normal.
import { diagnostic } from '../../diagnostics';
import { KIND_TITLE } from '../../model/element-kinds';
import { NavElement } from '../../model/docs-model';
import { docsRelativePath } from '../../workspace/docs-paths';
import { foundPageFiles } from '../page-files/rule';
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';

/**
 * Entries are compared per section by what they name. Pages whose file the page-files rule found are compared
 * by the file's id, which needs no string hashed per entry (a tenth of a check's time on a 100k-entry file);
 * endpoints and pages without a file by their written form.
 */
export function checkDuplicatePages({ model, workspace, report, findings }: RuleContext): void {
  const written = new WrittenIds(report);
  const found = foundPageFiles({ findings }, workspace.files);
  const filesBySection = new Map<NavElement | undefined, number[]>();
  // Entries come in document order: runs of them share a section.
  let section: NavElement | undefined | null = null;
  let pairs: number[] = [];
  let page = 0;
  model.elements.forEach((element, index) => {
    const file = found && element.kind === 'page' && element.node.type === 'string' ? found[page++] : -1;
    if (file < 0) {
      const id = entryId(element);
      if (id !== undefined) written.see(element, id);
      return;
    }
    if (element.section !== section) {
      section = element.section;
      let known = filesBySection.get(section);
      if (!known) filesBySection.set(section, (known = []));
      pairs = known;
    }
    pairs.push(index, file);
  });
  const stamp = new Int32Array(workspace.files.idLimit);
  const firstAt = new Int32Array(workspace.files.idLimit);
  let sectionNumber = 0;
  for (const sectionPairs of filesBySection.values()) {
    sectionNumber++;
    for (let i = 0; i < sectionPairs.length; i += 2) {
      const index = sectionPairs[i];
      const file = sectionPairs[i + 1];
      if (stamp[file] !== sectionNumber) {
        stamp[file] = sectionNumber;
        firstAt[file] = index;
        continue;
      }
      const first = model.elements[firstAt[file]];
      const element = model.elements[index];
      const firstId = entryId(first)!;
      const id = entryId(element)!;
      if (firstId === id) reportDuplicate(first, element, report);
      else {
        // Two spellings of one file (`a` and `a/index`): not the same entry, compared as written.
        written.see(first, firstId);
        written.see(element, id);
      }
    }
  }
}

/** Entries by section and written id: the first of each, reporting the later ones. */
class WrittenIds {
  private readonly seen = new Map<NavElement | undefined, Map<string, NavElement>>();
  private section: NavElement | undefined | null = null;
  private inSection = new Map<string, NavElement>();

  constructor(private readonly report: RuleContext['report']) {}

  see(element: NavElement, id: string): void {
    if (element.section !== this.section) {
      this.section = element.section;
      let known = this.seen.get(this.section);
      if (!known) this.seen.set(this.section, (known = new Map()));
      this.inSection = known;
    }
    const first = this.inSection.get(id);
    if (!first) this.inSection.set(id, element);
    else if (first !== element) reportDuplicate(first, element, this.report);
  }
}

function reportDuplicate(first: NavElement, element: NavElement, report: RuleContext['report']): void {
  const line = first.node.file.lines.positionAt(first.node.offset).line + 1;
  const where = element.section ? `this ${KIND_TITLE[element.section.kind]}` : 'the navigation';
  report(diagnostic('duplicate-page', element.node, `'${element.label}' is listed twice in ${where} (first on line ${line})`));
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

export const rule: RuleModule = {
  folder: 'duplicate-pages',
  codes: { 'duplicate-page': 'warning' },
  check: checkDuplicatePages,
};
