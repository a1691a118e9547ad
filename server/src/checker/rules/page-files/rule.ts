// SPEC table `pages` and rule 1: each page path names a page file in the docs folder.
import { diagnostic, shown } from '../../diagnostics';
import { NavElement } from '../../model/docs-model';
import { parseEndpointEntry } from '../../openapi/endpoint-entry';
import { docsRelativePath } from '../../workspace/docs-paths';
import { FileIndex } from '../../workspace/file-index';
import { doubled } from '../../typed-arrays';
import { FNV_SEED, fnvStep } from '../../text/fnv';
import { CheckResult, RuleContext } from '../rule-context';
import { missingPageFixes } from './fixes';
import { RuleModule } from '../rule-module';

/**
 * The file (an id of `index`, -1 for none) each page element of a checked model found, in element order; undefined
 * when the check did not look its entries up in `index` or the index changed since.
 */
export function foundPageFiles(result: Pick<CheckResult, 'findings'>, index: FileIndex): Int32Array | undefined {
  const found = result.findings.pageFiles;
  return found?.index === index && found.version === index.version ? found.found : undefined;
}

/**
 * A keystroke changes one entry: the others, found at the same place with the same fingerprint of the previous
 * check and the index unchanged, are not looked up again. Fingerprints, not the entries: kept as cut from
 * docs.json, the entries held the last check's whole text alive while the next check built its own.
 */
export function checkPageFiles({ model, workspace, report, previous: before, findings }: RuleContext): void {
  const files = workspace.files;
  const last = before?.pageFiles;
  const previous = last?.index === files && last.version === files.version ? last : undefined;
  let found = new Int32Array(Math.max(16, previous?.found.length ?? 0));
  let fingerprints = new Int32Array(2 * found.length);
  let count = 0;
  for (const element of model.elements) {
    if (element.kind !== 'page' || element.node.type !== 'string') continue;
    const entry = element.node.plain;
    const at = count++;
    if (at === found.length) {
      found = doubled(found);
      fingerprints = doubled(fingerprints);
    }
    fingerprint(entry, fingerprints, 2 * at);
    const unchanged =
      previous !== undefined &&
      2 * at < previous.fingerprints.length &&
      previous.fingerprints[2 * at] === fingerprints[2 * at] &&
      previous.fingerprints[2 * at + 1] === fingerprints[2 * at + 1];
    found[at] = unchanged && previous.found[at] >= 0 ? previous.found[at] : lookUp(element, entry, files, report);
  }
  found = found.slice(0, count);
  findings.pageFiles = { index: files, version: files.version, fingerprints: fingerprints.slice(0, 2 * count), found };
}

/** Two independent 32-bit hashes of `text` (FNV-1a, and a multiply-rotate one seeded with its length) at `at`. */
function fingerprint(text: string, into: Int32Array, at: number): void {
  let a = FNV_SEED;
  let b = text.length ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = fnvStep(a, c);
    b = Math.imul(b + c, 0x9e3779b1);
    b = (b << 13) | (b >>> 19);
  }
  into[at] = a;
  into[at + 1] = b;
}

/** The file (id) of one page entry, reporting why there is none. */
function lookUp(element: NavElement, written: string, files: FileIndex, report: RuleContext['report']): number {
  const page = docsRelativePath(written);
  if (page === undefined) {
    report(diagnostic('page-outside-root', element.node, `'${written}' leaves the docs folder: pages must be inside it`));
    return -1;
  }
  const file = files.pageFileId(page);
  if (file >= 0) return file;
  // Over the file limit the index lacks files: a missing page cannot be told from an unindexed one (the user is told).
  if (files.truncated) return -1;
  // The moved-page suggestion is found when a quick fix asks (`movedPageSuggestion`): a map of every page by file
  // name, kept for it, cost more memory than anything else the check holds besides the file index itself.
  report(diagnostic('missing-page', element.node, missingPageMessage(page, element), { page }));
  return -1;
}

function missingPageMessage(page: string, element: NavElement): string {
  if (page === '') return 'Empty page path';
  const quoted = shown(page);

  const endpointHint =
    parseEndpointEntry(page).kind === 'endpoint' && element.openapi.length === 0
      ? ': endpoint entries need an `openapi` spec on this element or one above it'
      : '';
  // The forms looked for, without the path again: the Problems panel cut the message after it.
  return `No page file for '${quoted}' (.mdx, .md, /index.mdx or /index.md)${endpointHint}`;
}

export const rule: RuleModule = {
  folder: 'page-files',
  codes: { 'missing-page': 'error', 'page-outside-root': 'error' },
  namedElsewhere: ['page-outside-root'],
  check: checkPageFiles,
  fixes: { 'missing-page': missingPageFixes },
};
