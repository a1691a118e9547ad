import { diagnostic, Diagnostic } from '../../diagnostics';
import { SourceFile } from '../../json/json-tree';
import type { MdxSyntaxError } from '../../pages/mdx-parse';
import { RuleModule } from '../rule-module';
import { closingTagFixes } from './fixes';

/**
 * Issue 26: a page the platform's MDX parser refuses (its build and `mint broken-links` stop on it), where it stops.
 * Issue 44: a page not parsed says why, once: past its CPU limit or the check's budget (`mdx-not-checked`, info: a
 * loaded machine must not fail CI), or of a shape the parse skips (`mdx-parse-limit`).
 */
export function checkMdxSyntax(page: () => SourceFile, error: MdxSyntaxError | undefined): Diagnostic | undefined {
  if (!error) return undefined;
  const code = error.notChecked === 'shape' ? 'mdx-parse-limit' : error.notChecked ? 'mdx-not-checked' : 'mdx-syntax';
  return diagnostic(code, { file: page(), offset: error.offset, length: error.length }, error.message);
}

/**
 * A page whose check failed (a fault of ours its text set off): said on the page, under the rule of pages the
 * platform cannot build, so that its other findings are not taken for all there is.
 */
export function pageNotChecked(file: SourceFile, error: unknown): Diagnostic {
  const why = error instanceof Error ? error.message : String(error);
  return diagnostic('mdx-syntax', { file, offset: 0, length: 0 }, `This page was not checked: its check failed (${why}).`);
}

export const rule: RuleModule = {
  folder: 'mdx-syntax',
  codes: { 'mdx-syntax': 'error', 'mdx-not-checked': 'info', 'mdx-parse-limit': 'warning' },
  breaksBuild: ['mdx-syntax'],
  pageFixes: { 'mdx-syntax': closingTagFixes },
  page: {
    // Off only with mdx-syntax: the others tell of pages the parse did not reach.
    skippedWhenOff: ['mdx-syntax'],
    // `.md` pages too: the platform parses every page as MDX (its checker stops on a `.md` page's `{a b}` as well).
    check(page) {
      const found = checkMdxSyntax(page.file, page.site.mdxVerdict(page.relative, page.text).error);
      if (found) page.found.push(found);
    },
  },
};
