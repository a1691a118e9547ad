import { diagnostic, Diagnostic } from '../diagnostics';
import { SourceFile } from '../json/json-tree';
import type { MdxSyntaxError } from '../pages/mdx-parse';

/** Issue 26: a page the platform's MDX parser refuses (its build and `mint broken-links` stop on it), where it stops. */
export function checkMdxSyntax(page: () => SourceFile, error: MdxSyntaxError | undefined): Diagnostic | undefined {
  return error && diagnostic('mdx-syntax', { file: page(), offset: error.offset, length: error.length }, error.message);
}
