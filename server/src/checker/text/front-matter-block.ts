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

/** Front matter longer than this is not read: it is not a page header. */
export const MAX_FRONT_MATTER = 64 * 1024;
/**
 * Flow collections (`{`, `[`) nested deeper than this are not given to the YAML parser: `title: ` and 15,000 `{`
 * made V8 abort the server ("RegExpCompiler Allocation failed"), and 1,000 took 1.1 s. A page's title is never one.
 */
export const MAX_FLOW_DEPTH = 32;
/**
 * Front matter longer than this is not given to the YAML parser (its simple `title:` lines are still read): the
 * parser is super-linear on some bad input (`title: "` and 8 KB of `\x` escapes: 660 ms; 60 KB: 13 s). The longest
 * front matter of the 2,230 corpus pages is 459 characters.
 */
export const MAX_YAML_FRONT_MATTER = 4 * 1024;

/** Whether a front matter block may go to a YAML parser (see the two limits above). */
export function yamlMayRead(block: string): boolean {
  return block.length <= MAX_YAML_FRONT_MATTER && flowDepth(block) <= MAX_FLOW_DEPTH;
}

function flowDepth(yaml: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < yaml.length; i++) {
    const c = yaml[i];
    if (c === '{' || c === '[') deepest = Math.max(deepest, ++depth);
    else if (c === '}' || c === ']') depth = Math.max(0, depth - 1);
  }
  return deepest;
}
