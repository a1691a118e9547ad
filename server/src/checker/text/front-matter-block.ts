/** Where a page's YAML front matter is: its text (between the `---` lines) and the end of its closing line. */
export interface FrontMatterBlock {
  start: number;
  end: number;
  /** Past the closing `---` line and its line end. */
  after: number;
}

/**
 * The front matter at the top of a page: a `---` line (after a byte order mark, if any), then the lines up to the
 * next `---` line (`---`, then spaces or tabs). Undefined when the text has none or it is never closed. Read line
 * by line, so it costs one pass whatever the text holds.
 */
export function frontMatterBlock(text: string): FrontMatterBlock | undefined {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (!text.startsWith('---', i)) return undefined;
  const opening = dashLineEnd(text, i);
  if (opening < 0 || opening === text.length) return undefined;
  const start = opening + 1;
  for (i = start; i < text.length; ) {
    const close = text.startsWith('---', i) ? dashLineEnd(text, i) : -1;
    if (close >= 0) {
      const end = i === start ? start : i - (text.charCodeAt(i - 2) === 13 ? 2 : 1);
      return { start, end, after: close === text.length ? close : close + 1 };
    }
    const newline = text.indexOf('\n', i);
    if (newline < 0) return undefined;
    i = newline + 1;
  }
  return undefined;
}

/** At a `---`: the offset of the `\n` ending its line when the rest of it is spaces or tabs (and a `\r`), the text's length at its end, else -1. */
function dashLineEnd(text: string, at: number): number {
  let i = at + 3;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  if (i === text.length) return i;
  if (text.charCodeAt(i) === 13) i++;
  return text.charCodeAt(i) === 10 ? i : -1;
}
