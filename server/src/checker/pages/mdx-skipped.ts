// Which pages the MDX parser is not run on, known without loading it: the language server and the CLI answer them on
// their main thread (no worker round trip, no queued text), the worker's parse skips them alike.

/**
 * Pages longer than this are not parsed (nothing is said of them). The parse is linear (the fuzz's shapes), but slow
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

/** Whether the text holds a shape micromark is super-linear on (see the two limits above). */
function superLinearShape(text: string): boolean {
  let delimiters = 0;
  let blank = true;
  let prefix = 0;
  let atStart = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) {
      if (blank) delimiters = 0;
      blank = atStart = true;
      prefix = 0;
      continue;
    }
    if (atStart && (code === 32 || code === 9 || code === 62)) {
      if (++prefix > MAX_LINE_PREFIX) return true;
    } else atStart = false;
    if (code === 42 || code === 95 || code === 91) {
      if (++delimiters > MAX_DELIMITERS_PER_BLOCK) return true;
      blank = false;
    } else if (code !== 32 && code !== 9 && code !== 13) blank = false;
  }
  return false;
}

/** Whether the text can hold an MDX error at all: only `<`, `{` and `import`/`export` lines start MDX syntax. */
export function mayHoldMdx(text: string): boolean {
  return text.includes('<') || text.includes('{') || /^(?:import|export)\b/m.test(text);
}

/**
 * Whether a page is not parsed as MDX: its verdict is no error, without the parser. A page with no `<`, `{` nor
 * `import`/`export` line cannot fail the platform's parse (test/pages/mdx-skipped.test.ts: every corpus page and
 * mutations of them); a page too long, or of a shape the parser is super-linear on, is not checked.
 */
export function mdxParseSkipped(text: string): boolean {
  return text.length > MAX_MDX_PARSE || !mayHoldMdx(text) || superLinearShape(text);
}
