// Which pages the MDX parser is not run on, known without loading it: the language server and the CLI answer them on
// their main thread (no worker round trip, no queued text), the worker's parse skips them alike.

/**
 * Pages longer than this are not parsed (`mdx-parse-limit` says so). The parse is linear (the fuzz's shapes), but slow
 * on some: 160 kB of `<a>x</a> ` or of table rows with tags took 8-19 s on a loaded 2-core machine (~2-5 s idle),
 * against ~0.2 s for a prose page of that size. The largest corpus page is 228 kB.
 */
export const MAX_MDX_PARSE = 300_000;

/**
 * A paragraph with more `*`, `_` and `[` than this is not parsed: micromark pairs emphasis delimiters and link label
 * starts in super-linear time (16,000 characters of `*a` in one paragraph: 2.2 s, 8,000: 0.57 s; 64,000 `[`: 5.4 s,
 * 4,000: 47 ms; loaded machine). The corpus's most in one blank-line-separated block: 609 `*`/`_`, 315 `[`.
 */
export const MAX_DELIMITERS_PER_BLOCK = 2_000;
/**
 * A line whose indentation and `>` markers are longer than this is not parsed: nesting costs micromark quadratic
 * time in its depth (50,000 `>`: 258 s, then a stack overflow; 1,000: 0.15 s). The corpus's longest is 34.
 */
export const MAX_LINE_PREFIX = 400;

/**
 * A page with more `|` than this is not parsed: the GFM table parse and its tree take about 3 kB of memory a cell
 * (a 35,840-column table of 4 rows: 508 MB of heap and 17 s in process; in the worker, past its 256 MB heap, the
 * page was reported as one that could not be parsed). 143,000 cells in 100 columns cost the same. The corpus's most
 * in a page: 1,827.
 */
export const MAX_PIPES = 20_000;

/** Where the text holds a shape micromark is super-linear or too costly on (see the limits above), and which. */
function superLinearShape(text: string): { offset: number; length: number; shape: 'delimiters' | 'prefix' | 'pipes' } | undefined {
  let pipes = 0;
  let delimiters = 0;
  let blank = true;
  let prefix = 0;
  let atStart = true;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) {
      if (blank) delimiters = 0;
      blank = atStart = true;
      prefix = 0;
      lineStart = i + 1;
      continue;
    }
    if (atStart && (code === 32 || code === 9 || code === 62)) {
      if (++prefix > MAX_LINE_PREFIX) return { offset: lineStart, length: i + 1 - lineStart, shape: 'prefix' };
    } else atStart = false;
    if (code === 124 && ++pipes > MAX_PIPES) return { offset: i, length: 1, shape: 'pipes' };
    if (code === 42 || code === 95 || code === 91) {
      if (++delimiters > MAX_DELIMITERS_PER_BLOCK) return { offset: i, length: 1, shape: 'delimiters' };
      blank = false;
    } else if (code !== 32 && code !== 9 && code !== 13) blank = false;
  }
  return undefined;
}

/** Whether the text can hold an MDX error at all: only `<`, `{` and `import`/`export` lines start MDX syntax. */
export function mayHoldMdx(text: string): boolean {
  return text.includes('<') || text.includes('{') || /^(?:import|export)\b/m.test(text);
}

/**
 * Why a page that may hold MDX is not parsed (issue 44: it passed silently): too long, or of a shape the parser is
 * super-linear on; where, and what to do. Undefined: it is parsed (or cannot hold MDX: mdxParseSkipped).
 */
export function mdxParseLimit(text: string): { offset: number; length: number; message: string; notChecked: 'shape' } | undefined {
  if (!mayHoldMdx(text)) return undefined;
  const slow = "the platform's parser is super-linear on it, so its build may be very slow or stop on this page";
  if (text.length > MAX_MDX_PARSE) {
    const message = `MDX not checked: the page is ${count(text.length)} characters long, over ${count(MAX_MDX_PARSE)}, the limit for one page's parse. Split it: ${slow}.`;
    return { offset: 0, length: 0, message, notChecked: 'shape' };
  }
  const shape = superLinearShape(text);
  if (!shape) return undefined;
  const message =
    shape.shape === 'prefix'
      ? `MDX not checked: this line is indented or quoted (spaces, tabs, '>') over ${count(MAX_LINE_PREFIX)} characters deep, the limit for the parse; ${slow}.`
      : shape.shape === 'pipes'
        ? `MDX not checked: the page holds over ${count(MAX_PIPES)} '|' (this one passes the limit for the parse): its tables' cells cost the parser about 3 kB of memory each, so its build may run out of memory or stop on this page. Split the page or its tables.`
        : `MDX not checked: this paragraph holds over ${count(MAX_DELIMITERS_PER_BLOCK)} '*', '_' and '[' (this one passes the limit for the parse); ${slow}. Split the paragraph, or put the characters in code.`;
  return { offset: shape.offset, length: shape.length, message, notChecked: 'shape' };
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

/**
 * Whether a page is not parsed as MDX: its verdict is no error, without the parser. A page with no `<`, `{` nor
 * `import`/`export` line cannot fail the platform's parse (test/pages/mdx-skipped.test.ts: every corpus page and
 * mutations of them); a page too long, or of a shape the parser is super-linear on, is not checked (mdxParseLimit).
 */
export function mdxParseSkipped(text: string): boolean {
  return text.length > MAX_MDX_PARSE || !mayHoldMdx(text) || superLinearShape(text) !== undefined;
}
