// Quick fixes of the language-parity findings (issue 37): list an existing translation where its default-language page
// stands, or create it from that page and list it. Neither may add a finding: an entry is added only for a file that
// exists (or that the same edit creates), and never twice in one language.
import { Diagnostic } from '../../diagnostics';
import { insertIntoArray } from '../../json/json-edits';
import { frontMatterBlock } from '../../text/front-matter-block';
import { MAX_NEW_PAGE_PATH } from '../page-files/fixes';
import { FixContext, RuleFix } from '../rule-module';
import { MirroredPlace, mirroredPlace, translationContext } from './mirrored-place';

/** A default-language page larger than this is not copied into a new file by a quick fix. */
const MAX_COPIED_PAGE = 1024 * 1024;

export function translationMissingFixes(d: Diagnostic, { model, files, createFiles, ignores, read }: FixContext): RuleFix[] {
  const { page, translationOf, language } = d.data ?? {};
  if (page === undefined || translationOf === undefined || language === undefined) return [];
  const found = translationContext(model, language, translationOf);
  const place = found && mirroredPlace(found.layout, found.section, found.page);
  if (!found || !place) return [];
  const listEdits = insertIntoArray(model.root, place.array, place.index, page);
  if (!listEdits.length) return [];
  const where = placeName(place, language);
  if (files.pageFile(page) !== undefined) return [{ title: `Add '${page}' to ${where}`, preferred: true, edits: listEdits }];
  if (!createFiles || page.length > MAX_NEW_PAGE_PATH || ignores?.(`${page}.mdx`) !== false) return [];
  const source = files.pageFile(translationOf);
  const text = source === undefined ? undefined : read?.(source);
  if (text === undefined || text.length > MAX_COPIED_PAGE) return [];
  const mainCode = found.layout.main.code || 'the default language';
  return [{ title: `Create '${page}.mdx' from the ${mainCode} page and add it to ${where}`, preferred: true, edits: listEdits, creates: [{ path: `${page}.mdx`, text: markedCopy(text, source!, mainCode) }] }];
}

function placeName(place: MirroredPlace, language: string): string {
  const group = place.holder.kind === 'group' ? place.holder.label : undefined;
  return group ? `the group '${group}' of '${language}'` : `the '${language}' navigation`;
}

/** The marker a created translation carries in its front matter until the writer has translated it. */
export const TRANSLATION_MARKER = 'translation';

/**
 * The default language's page, to be translated: its front matter gets a first line the writer removes once the
 * page is translated (`translation: "todo: translate from en (guide.mdx)"`; a key the platform does not read).
 */
export function markedCopy(text: string, source: string, from: string): string {
  const marker = `${TRANSLATION_MARKER}: ${JSON.stringify(`todo: translate from ${from} (${source}), then remove this line`)}`;
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const block = frontMatterBlock(text);
  if (!block) return `---${newline}${marker}${newline}---${newline}${newline}${text}`;
  return text.slice(0, block.start) + marker + newline + text.slice(block.start);
}
