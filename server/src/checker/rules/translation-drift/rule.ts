// Translations in step with their source by content, not only by file (issue 51): a translated page against the
// default language's page of the same path, by structure (headings, code blocks, components, images, explicit
// anchors), and by git history (a translation last committed before its source). Information by default: a
// translator may merge two sections or add a note, and a translation that trails its source still serves its
// readers; nothing here breaks a build or a link that page-anchors would not tell.
import { diagnostic, Diagnostic, RelatedPlace } from '../../diagnostics';
import { languageLayouts, languageOfPath, pathInLanguage } from '../../languages/language-layout';
import { PageInput } from '../page-rule';
import { RuleModule } from '../rule-module';
import { compareStructure, Difference } from './compare-structure';
import { pageStructure, PageStructure, sameStructure, StructureItem } from './page-structure';

/** Structural findings told per page; past them, one finding counts the rest. */
export const MAX_DIFFERENCES_SHOWN = 8;
/** Items a message names. */
const NAMED = 3;

/** The default language's page a translated page translates, if the page is a translation and its source exists. */
export function sourceOf(page: PageInput): { source: string; language: string; folder: string } | undefined {
  if (!page.model || !page.targets.languages) return undefined;
  const [layout] = languageLayouts(page.model);
  if (!layout) return undefined;
  const language = languageOfPath(layout.sections, page.relative);
  if (!language || language === layout.main || !language.folder) return undefined;
  const inside = pathInLanguage(language, page.relative);
  if (inside === undefined) return undefined;
  const base = layout.main.folder + inside;
  const other = base.endsWith('.mdx') ? base.slice(0, -1) : `${base}x`;
  const source = [base, other].find((file) => page.site.hasFile(file));
  return source === undefined ? undefined : { source, language: language.code, folder: language.folder.slice(0, -1).split('/').pop()! };
}

function checkTranslation(page: PageInput): void {
  const found = sourceOf(page);
  if (!found || !page.site.pageFacts) return;
  const { source } = found;
  // Kept until the source changes; a change that keeps its structure (prose typed) re-checks no translation.
  const theirs = page.site.pageFacts(source, 'structure', source.endsWith('.mdx') ? keptMdxStructure : keptMdStructure, sameStructure);
  // The source's absolute path, for related information: asked only when there is a finding.
  const sourcePath = () => page.file().path.slice(0, page.file().path.length - page.relative.length) + source;
  const outdated = outdatedFinding(page, source, sourcePath);
  if (outdated) page.found.push(outdated);
  if (!theirs) return;
  const ours = pageStructure(page.text, page.relative.endsWith('.mdx'));
  const differences = compareStructure(theirs, ours, [...new Set([found.language, found.folder].filter(Boolean))]);
  if (!differences) return;
  const shown = differences.slice(0, MAX_DIFFERENCES_SHOWN);
  for (const difference of shown) page.found.push(structureFinding(page, difference, source, sourcePath, theirs));
  const rest = differences.length - shown.length;
  if (rest > 0) {
    const last = shown[shown.length - 1];
    page.found.push(
      diagnostic('translation-structure', { file: page.file(), offset: last.at, length: 0 }, `${rest} more structural ${rest === 1 ? 'difference' : 'differences'} from the source \`${source}\``, {
        translationOf: source,
        drift: 'structure',
      }),
    );
  }
}

/** Made here, not in checkTranslation: a closure made there would hold the translation's text as long as the source's structure is kept. */
const keptMdxStructure = (text: string) => pageStructure(text, true, true);
const keptMdStructure = (text: string) => pageStructure(text, false, true);

function structureFinding(page: PageInput, difference: Difference, source: string, sourcePath: () => string, theirs: PageStructure): Diagnostic {
  const place = (line: number, what: string): RelatedPlace => ({ path: sourcePath(), line, message: what });
  let message: string;
  let related: RelatedPlace;
  let length = 0;
  switch (difference.kind) {
    case 'missing': {
      const first = difference.items[0];
      message = `Missing here: ${listed(difference.items)}, which the source \`${source}\` has at line ${first.line + 1}`;
      related = place(first.line, `the source's ${first.label}`);
      break;
    }
    case 'extra': {
      const first = difference.items[0];
      message = `Not in the source \`${source}\`: ${listed(difference.items)}`;
      related = place(difference.after ? difference.after.line : 0, 'the source');
      length = lineLength(page.text, first.offset);
      break;
    }
    case 'moved': {
      const [first] = difference.items;
      const theirsFirst = difference.source[0];
      message = `In another place than in the source \`${source}\`: ${listed(difference.items)}, which the source has at line ${theirsFirst.line + 1}`;
      related = place(theirsFirst.line, `the source's ${theirsFirst.label}`);
      length = lineLength(page.text, first.offset);
      break;
    }
    case 'changed': {
      const { item, source: original } = difference;
      message = `${capital(item.label)} where the source \`${source}\` has ${original.label} (line ${original.line + 1})`;
      related = place(original.line, `the source's ${original.label}`);
      length = lineLength(page.text, item.offset);
      break;
    }
    case 'anchor': {
      const anchor = theirs.anchors.get(difference.id)!;
      message = `Missing anchor \`#${difference.id}\`, which the source \`${source}\` sets at line ${anchor.line + 1}: a link to it lands at the top of this page`;
      related = place(anchor.line, `the source's anchor #${difference.id}`);
      break;
    }
  }
  return diagnostic('translation-structure', { file: page.file(), offset: difference.at, length }, message, { translationOf: source, drift: 'structure', related });
}

function outdatedFinding(page: PageInput, source: string, sourcePath: () => string): Diagnostic | undefined {
  const ours = page.site.lastCommitted?.(page.relative);
  const theirs = ours === undefined ? undefined : page.site.lastCommitted?.(source);
  if (ours === undefined || theirs === undefined || ours >= theirs) return undefined;
  return diagnostic(
    'translation-outdated',
    { file: page.file(), offset: 0, length: 0 },
    `Last committed ${day(ours)}, before its source \`${source}\` changed (${day(theirs)}): the translation may lack that change`,
    { translationOf: source, drift: 'outdated', related: { path: sourcePath(), line: 0, message: `the source, last committed ${day(theirs)}` } },
  );
}

function listed(items: StructureItem[]): string {
  const named = items.slice(0, NAMED).map((item) => item.label);
  const more = items.length - named.length;
  if (more > 0) return `${named.join(', ')} and ${more} more`;
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}` : named[0];
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function day(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

function lineLength(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return Math.min((end < 0 ? text.length : end) - offset, 200);
}

export const rule: RuleModule = {
  folder: 'translation-drift',
  codes: { 'translation-structure': 'info', 'translation-outdated': 'info' },
  page: {
    runs: (site) => site.pageFacts !== undefined,
    check: checkTranslation,
  },
};
