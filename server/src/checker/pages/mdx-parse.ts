// A page's MDX syntax error, found with the parser the platform builds pages with (issue 26).
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { mdxjs } from 'micromark-extension-mdxjs';
import type { Extension } from 'micromark-util-types';
import { FreeName, freeNames, mayReadNames } from './free-names';
import { blankHeadingIds } from './heading-ids';
import { surelyParses } from './mdx-quick-parse';
import { mdxParseSkipped } from './mdx-skipped';

export interface MdxSyntaxError {
  offset: number;
  length: number;
  message: string;
  /**
   * Not a verdict: the page was not parsed, because its parse passed its CPU limit ('time') or the check's time budget
   * ran out ('budget'): `mdx-not-checked`, never cached (another run may parse it); or because it is of a shape the
   * parse skips ('shape', mdx-skipped.ts): `mdx-parse-limit`.
   */
  notChecked?: 'time' | 'budget' | 'shape';
}

/**
 * What one parse of a page gives: its syntax error, or, when it parses, the names its expressions read that nothing
 * on the page binds (render-references; none when the page cannot read a name, mayReadNames).
 */
export interface MdxVerdict {
  error?: MdxSyntaxError;
  names?: readonly FreeName[];
}

/**
 * The platform's page parser (`@mintlify/cli` 4.0.1552): remark with remark-mdx, remark-gfm, remark-frontmatter
 * (yaml, toml) and remark-math, that is micromark 4 with these extensions and mdast-util-from-markdown with the
 * MDX and GFM tree builders (which find unclosed and mismatched tags). One instance: the extensions are data.
 */
type ParserOptions = { extensions: Extension[]; mdastExtensions: NonNullable<Parameters<typeof fromMarkdown>[1]>['mdastExtensions'] };
let options: ParserOptions | undefined;

/**
 * The first MDX syntax error of a page, as the platform's build stops on it, or undefined when it parses. A crash of
 * the parser itself (a stack overflow on hostile nesting) is reported as a page that could not be parsed: the
 * platform's build runs the same parser.
 */
export function mdxSyntaxError(text: string): MdxSyntaxError | undefined {
  return mdxParseSkipped(text) ? undefined : parsedMdxError(text);
}

/**
 * A page's verdict (mdxSyntaxError) and, when it parses and may read a name, its free names: from the same parse, so
 * they cost the check's thread nothing (the MDX worker runs this). The quick pass spares the tree only where no name
 * is read.
 */
export function mdxVerdict(text: string): MdxVerdict {
  if (mdxParseSkipped(text)) return {};
  if (!mayReadNames(text)) {
    const error = parsedMdxError(text);
    return error ? { error } : {};
  }
  const blanked = blankHeadingIds(text);
  let tree: unknown;
  try {
    tree = fromMarkdown(blanked, parserOptions());
  } catch (error) {
    return { error: located(text, error) };
  }
  const names = freeNames(tree);
  return names.length ? { names } : {};
}

/** The platform parser's verdict on any text, skipped or not: the quick pass (mdx-quick-parse.ts), else the full parse. */
export function parsedMdxError(text: string): MdxSyntaxError | undefined {
  const blanked = blankHeadingIds(text);
  return surelyParses(blanked, parserOptions().extensions) ? undefined : fullParseError(text, blanked);
}

/** The full parser's verdict, tree and all (tests: the quick pass never says "parses" where this finds an error). */
export function fullParseError(text: string, blanked = blankHeadingIds(text)): MdxSyntaxError | undefined {
  try {
    fromMarkdown(blanked, parserOptions());
    return undefined;
  } catch (error) {
    return located(text, error);
  }
}

function parserOptions(): ParserOptions {
  options ??= { extensions: [mdxjs(), gfm(), frontmatter(['yaml', 'toml']), math()], mdastExtensions: [mdxFromMarkdown(), gfmFromMarkdown()] };
  return options;
}

interface Point {
  line?: number;
  column?: number;
  offset?: number;
}

/** Where the parser's error points (a point, or a start and end), and its message with acorn's cause. */
function located(text: string, error: unknown): MdxSyntaxError {
  const thrown = error as { reason?: string; message?: string; place?: Point & { start?: Point; end?: Point }; cause?: { message?: string } };
  if (!thrown || typeof thrown !== 'object' || typeof thrown.reason !== 'string') {
    const why = error instanceof Error ? error.message : String(error);
    return { offset: 0, length: 0, message: `MDX could not be parsed: the parser failed (${why}).` };
  }
  const place = thrown.place;
  let start = offsetOf(text, place?.start ?? place);
  let end = offsetOf(text, place?.end);
  if (start === undefined) {
    // An unclosed tag at the end of the page: the message names the tag's range, `(3:1-3:7)`.
    const range = /\((\d+):(\d+)-(\d+):(\d+)\)/.exec(thrown.reason);
    if (range) {
      start = offsetOf(text, { line: Number(range[1]), column: Number(range[2]) });
      end = offsetOf(text, { line: Number(range[3]), column: Number(range[4]) });
    }
  }
  start ??= 0;
  if (end === undefined || end < start) end = Math.min(text.length, start + 1);
  const cause = thrown.cause?.message ? ` (${thrown.cause.message.replace(/ \(\d+:\d+\)$/, '')})` : '';
  return { offset: start, length: end - start, message: `MDX syntax error: ${thrown.reason}${cause}. The platform cannot build this page.` };
}

/** The offset of a parser point: its own offset, else its 1-based line and column. */
function offsetOf(text: string, point: Point | undefined): number | undefined {
  if (!point) return undefined;
  if (typeof point.offset === 'number') return point.offset;
  if (typeof point.line !== 'number' || typeof point.column !== 'number') return undefined;
  let offset = 0;
  for (let line = 1; line < point.line; line++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return Math.min(text.length, offset + point.column - 1);
}
