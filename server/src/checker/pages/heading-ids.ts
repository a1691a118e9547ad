// Custom heading ids (`## Title {#my-id}`) hidden from the MDX parser, as the platform does before it parses a page.

/**
 * The text with the `{#id}` at the end of each heading line blanked (spaces: every offset stays). The platform turns
 * such a heading into an `<hN id>` element before its parse (else `{#id}` is a bad expression); it does so for a line
 * of `#`s after at most 3 spaces, with text, ending in `{ #id }`, outside code fences and `{/* … *\/}` comments.
 */
export function blankHeadingIds(text: string): string {
  if (!text.includes('{')) return text;
  let out = '';
  let copied = 0;
  let fence: { char: string; count: number } | undefined;
  let inComment = false;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(start, end);
    const stripped = line.trimStart();
    if (fence) {
      if (closesFence(stripped, fence)) fence = undefined;
    } else if (!inComment && (fence = opensFence(stripped))) {
      // The line opens a fence.
    } else {
      const wasInComment = inComment;
      inComment = endsInComment(line, inComment);
      const id = wasInComment || inComment ? undefined : headingId(line);
      if (id) {
        out += text.slice(copied, start + id.start) + ' '.repeat(id.end - id.start);
        copied = start + id.end;
      }
    }
    start = end + 1;
  }
  return copied ? out + text.slice(copied) : text;
}

function opensFence(stripped: string): { char: string; count: number } | undefined {
  const char = stripped[0];
  if (char !== '`' && char !== '~') return undefined;
  let count = 1;
  while (stripped[count] === char) count++;
  return count >= 3 ? { char, count } : undefined;
}

function closesFence(stripped: string, fence: { char: string; count: number }): boolean {
  let i = 0;
  while (stripped[i] === fence.char) i++;
  return i >= fence.count && stripped.slice(i).trim() === '';
}

/** Whether a `{/* … *\/}` comment is open at the end of the line (quoted and backticked runs hide `{/*`). */
function endsInComment(line: string, inComment: boolean): boolean {
  const masked = maskQuoted(line);
  let at = 0;
  for (;;) {
    if (inComment) {
      const close = line.indexOf('*/', at);
      if (close < 0) return true;
      at = close + 2;
      inComment = false;
    }
    const open = masked.indexOf('{/*', at);
    if (open < 0) return false;
    at = open + 3;
    inComment = true;
  }
}

/** The line with its backticked and double-quoted runs blanked. */
function maskQuoted(line: string): string {
  if (!line.includes('`') && !line.includes('"')) return line;
  let out = '';
  let copied = 0;
  // The runs found unclosed once are unclosed further on: no search again (linear on a line of backticks).
  const unclosed = new Set<number>();
  for (let i = 0; i < line.length; ) {
    const char = line[i];
    let run = 1;
    if (char === '`') while (line[i + run] === '`') run++;
    else if (char !== '"') {
      i++;
      continue;
    }
    const key = char === '"' ? 0 : run;
    const close = unclosed.has(key) ? -1 : line.indexOf(char === '`' ? '`'.repeat(run) : '"', i + run);
    if (close < 0) {
      unclosed.add(key);
      i += run;
      continue;
    }
    const end = close + run;
    out += line.slice(copied, i) + ' '.repeat(end - i);
    copied = i = end;
  }
  return out + line.slice(copied);
}

/** The `{#id}` span (from `{` to `}`) ending a heading line, if the line is one. */
function headingId(line: string): { start: number; end: number } | undefined {
  let i = 0;
  while (i < 3 && line[i] === ' ') i++;
  let hashes = 0;
  while (line[i + hashes] === '#') hashes++;
  if (hashes < 1 || hashes > 6) return undefined;
  const afterHashes = i + hashes;
  let last = line.length;
  while (last > afterHashes && /\s/.test(line[last - 1])) last--;
  if (line[last - 1] !== '}' || !/\s/.test(line[afterHashes] ?? '')) return undefined;
  // The id holds no `}`: the `{` is after the one before last, the first there followed by `#`.
  const from = Math.max(line.lastIndexOf('}', last - 2) + 1, afterHashes + 1);
  for (let open = line.indexOf('{', from); open >= 0 && open < last - 1; open = line.indexOf('{', open + 1)) {
    let j = open + 1;
    while (/\s/.test(line[j])) j++;
    // An id of one character at least, and heading text before it (`## {#id}` has none: the space is the gap).
    if (line[j] !== '#' || j + 1 >= last - 1 || open - afterHashes < 2) continue;
    return { start: open, end: last };
  }
  return undefined;
}
