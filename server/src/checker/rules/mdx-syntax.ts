import { diagnostic, Diagnostic } from '../diagnostics';
import { SourceFile } from '../json/json-tree';
import type { MdxSyntaxError } from '../pages/mdx-parse';

/** Issue 26: a page the platform's MDX parser refuses (its build and `mint broken-links` stop on it), where it stops. */
export function checkMdxSyntax(page: () => SourceFile, error: MdxSyntaxError | undefined): Diagnostic | undefined {
  return error && diagnostic('mdx-syntax', { file: page(), offset: error.offset, length: error.length }, error.message);
}

/**
 * A page whose check failed (a fault of ours its text set off): said on the page, under the rule of pages the
 * platform cannot build, so that its other findings are not taken for all there is.
 */
export function pageNotChecked(file: SourceFile, error: unknown): Diagnostic {
  const why = error instanceof Error ? error.message : String(error);
  return diagnostic('mdx-syntax', { file, offset: 0, length: 0 }, `This page was not checked: its check failed (${why}).`);
}
