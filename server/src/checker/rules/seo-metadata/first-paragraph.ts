// The first paragraph of prose below a page's front matter, as a reader meets it: imports, exports, headings,
// components, code, images, lists, tables and quotes are passed over.

const PROSE_START = /^[\p{L}\p{N}*_"'“‘([]/u;

/** The first prose paragraph of `body`, its lines joined, or undefined when there is none. */
export function firstProseParagraph(body: string): string | undefined {
  let fenced: string | undefined;
  let paragraph: string[] = [];
  // Line by line without splitting the body: a keystroke checks the page again, and the paragraph is near its top.
  for (let at = 0; at <= body.length; ) {
    let end = body.indexOf('\n', at);
    if (end < 0) end = body.length;
    const line = body.slice(at, end).trim();
    at = end + 1;
    const fence = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenced) {
      if (fence && fence[0] === fenced[0] && fence.length >= fenced.length) fenced = undefined;
      continue;
    }
    if (fence) {
      if (paragraph.length) return paragraph.join(' ');
      fenced = fence;
      continue;
    }
    if (line === '') {
      if (paragraph.length) return paragraph.join(' ');
      continue;
    }
    if (!paragraph.length && (!PROSE_START.test(line) || /^(import|export)\s/.test(line) || line.startsWith('!['))) continue;
    paragraph.push(line);
  }
  return paragraph.length ? paragraph.join(' ') : undefined;
}

/** Text as words only: Markdown links as their text, emphasis and code marks gone, spaces collapsed, lower case. */
export function plainWords(text: string): string {
  return withoutLinkTargets(text)
    .replace(/[*_`[\]]/g, '')
    .split(/\s/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

/** Markdown links as their text: `[text](url)` and `![alt](src)` lose their `(url)` and the `!` (brackets stay). */
function withoutLinkTargets(text: string): string {
  let out = '';
  let at = 0;
  for (let open = text.indexOf('](', at); open >= 0; open = text.indexOf('](', at)) {
    const close = text.indexOf(')', open + 2);
    if (close < 0) break;
    let head = text.slice(at, open + 1);
    const bracket = head.lastIndexOf('[');
    if (bracket > 0 && head[bracket - 1] === '!') head = head.slice(0, bracket - 1) + head.slice(bracket);
    out += head;
    at = close + 1;
  }
  return out + text.slice(at);
}
