// Issue 45: whether the content of an `<a href>` gives the link a name (accessible name from content): text, an
// image's non-blank `alt`, a child's `aria-label`, or something not read here (an `{expression}`, a component that
// may render text). Read from past the opening tag's `>` up to `</a>`, at most MAX_CONTENT characters.

/** Past this, the content is not judged (a link's content is short). */
const MAX_CONTENT = 4_000;
/** Components that render no text: an icon says nothing to a screen reader. */
const NAMELESS_COMPONENTS = new Set(['Icon']);

/**
 * `'named'` when the content names the link or may (not read), `'empty'` when it holds no text, no named image and
 * nothing unread before `</a>`, `'image'` when empty but for an image with no alt at all (`image-alt` reports that
 * image, and the alt its fix adds names the link). `mdx`: `{…}` is an expression (in `.md` it is text).
 */
export function linkContent(text: string, from: number, mdx: boolean): 'named' | 'empty' | 'image' {
  const end = Math.min(text.length, from + MAX_CONTENT);
  let image = false;
  let i = from;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
    } else if (c === 60 /* < */) {
      if (/^<\/a\s*>/i.test(text.slice(i, i + 8))) return image ? 'image' : 'empty';
      if (text.startsWith('<!--', i)) {
        const close = text.indexOf('-->', i + 4);
        if (close < 0) return 'named';
        i = close + 3;
        continue;
      }
      const tag = /^<(\/?)([A-Za-z][\w.:-]*)/.exec(text.slice(i, i + 100));
      // A `<` that opens no tag is text.
      if (!tag) return 'named';
      const close = tagClose(text, i + tag[0].length, end);
      if (close < 0) return 'named';
      // Another `<a>` ends this one's content (links do not nest): each link's content is read once, so a page
      // of many unclosed links is read in linear time.
      if (!tag[1] && tag[2].toLowerCase() === 'a') return 'named';
      const written = text.slice(i, close);
      if (!tag[1] && childNames(tag[2], written, mdx)) return 'named';
      if (!tag[1] && tag[2].toLowerCase() === 'img' && !/\salt[\s=/>]/.test(written)) image = true;
      i = close;
    } else if (c === 123 /* { */ && mdx) {
      const close = expressionEnd(text, i, end);
      // Only a comment (`{/* … */}`) renders nothing; any other expression may render text.
      if (close < 0 || !/^\{\s*\/\*[\s\S]*\*\/\s*\}$/.test(text.slice(i, close))) return 'named';
      i = close;
    } else if (c === 33 /* ! */ && text.charCodeAt(i + 1) === 91 /* [ */) {
      // A markdown image: its alt text names the link.
      const markdown = /^!\[([^\]\n]*)\]\([^)\n]*\)/.exec(text.slice(i, i + 2_000));
      if (!markdown || markdown[1].trim()) return 'named';
      image = true;
      i += markdown[0].length;
    } else if (c === 38 /* & */ && /^&(?:nbsp|#160|#xa0);/i.test(text.slice(i, i + 7))) {
      i = text.indexOf(';', i) + 1;
    } else return 'named';
  }
  return 'named';
}

/** Whether an element inside the link gives it a name by its attributes, or may (a component that renders text). */
function childNames(name: string, tag: string, mdx: boolean): boolean {
  if (/\saria-label\s*=\s*(["'])\s*[^\s"']/.test(tag) || /\saria-labelledby\s*=/.test(tag)) return true;
  if (mdx && /\{\s*\.\.\./.test(tag)) return true;
  if (name.toLowerCase() === 'img') return /\salt\s*=\s*(?:(["'])\s*[^\s"']|\{)/.test(tag) || /\salt=[^\s"'{>]/.test(tag);
  if (/^[A-Z]/.test(name)) return !NAMELESS_COMPONENTS.has(name) && /\/\s*>$/.test(tag);
  return false;
}

/** Past the `>` of a tag whose attributes start at `at` (quoted values and `{…}` skipped), or -1 before `end`. */
function tagClose(text: string, at: number, end: number): number {
  for (let i = at; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 62 /* > */) return i + 1;
    if (c === 34 || c === 39) {
      const close = text.indexOf(String.fromCharCode(c), i + 1);
      if (close < 0 || close >= end) return -1;
      i = close;
    } else if (c === 123) {
      const close = expressionEnd(text, i, end);
      if (close < 0) return -1;
      i = close - 1;
    }
  }
  return -1;
}

/** Past the `}` that closes the `{` at `at` (strings inside skipped), or -1 before `end`. */
function expressionEnd(text: string, at: number, end: number): number {
  let depth = 0;
  for (let i = at; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125 && --depth === 0) return i + 1;
    else if (c === 34 || c === 39 || c === 96) {
      const close = text.indexOf(String.fromCharCode(c), i + 1);
      if (close < 0 || close >= end) return -1;
      i = close;
    }
  }
  return -1;
}
