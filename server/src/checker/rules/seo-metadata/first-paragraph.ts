// The first paragraph of prose below a page's front matter, as a reader meets it: imports, exports, headings,
// components, code, images, lists, tables and quotes are passed over.

const PROSE_START = /^[\p{L}\p{N}*_"'“‘([]/u;

/** The first prose paragraph of `body`, its lines joined, or undefined when there is none. */
export function firstProseParagraph(body: string): string | undefined {
  let fenced: string | undefined;
  let paragraph: string[] = [];
  for (const raw of body.split('\n')) {
    const line = raw.trim();
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
  return text
    .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .split(/\s/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}
