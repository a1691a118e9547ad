// The ids a page offers to `#anchor` links, as the platform makes them (read from `@mintlify/common` and
// `@mintlify/link-rot` of `@mintlify/cli` 4.0.1552): heading slugs, `{#custom}` heading ids, `id` attributes and
// the ids components derive from their titles and names. Generous where unsure: an id we might not make is
// missed, never invented, so a link is flagged only when no reading of the page offers its anchor.
import { COMPONENT_SLUGGED, componentSlug, HEADING_SLUGGED, PARAM_FIELDS, paramFieldId } from './component-ids';
import { anchorAttributes, htmlHeadings } from './anchor-scans';
import { fenceLine, linePrefix, OpenFence, opensFence } from './fence-lines';
import { frontMatterEnd } from './front-matter';

/** Only these levels make the table of contents, whose entries are the headings' ids (`HEADING_LEVELS`). */
const TOC_DEPTH = 4;
const EMOJI = /\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|[\u200D\uFE0E\uFE0F]/gu;

/** Every id a page offers, in the forms a link's anchor is compared in (see `hasAnchor`). */
export function pageAnchors(text: string): Set<string> {
  const ids = new Set<string>();
  // Headings, Tabs, Accordions and parameters each count their repeats apart.
  const headingCounts = new Map<string, number>();
  const tabCounts = new Map<string, number>();
  const componentCounts = new Map<string, number>();
  const paramCounts = new Map<string, number>();
  const addSlug = (title: string, counts = headingCounts) => {
    const slug = headingSlug(title);
    if (!slug) return;
    const seen = counts.get(slug.toLowerCase()) ?? 0;
    counts.set(slug.toLowerCase(), seen + 1);
    // A repeated heading's slug gets the counter's suffix: `-2`, `-3`, ...
    add(ids, seen ? `${slug}-${seen + 1}` : slug);
  };
  /** An Accordion's repeated slug gets the repeat's number: `-1`, `-2`, ... */
  const addComponentSlug = (slug: string) => {
    if (!slug) return;
    const seen = componentCounts.get(slug) ?? 0;
    componentCounts.set(slug, seen + 1);
    add(ids, seen ? `${slug}-${seen}` : slug);
  };
  let fence: OpenFence | undefined;
  let at = frontMatterEnd(text);
  // Where the next `=` and `<h` are: a line is cut out of the text only when it may hold something (a fence, a
  // heading, an attribute, an HTML heading). Cutting every line took most of the scan (Portkey's linked pages).
  let nextEquals = -1;
  let nextTag = -1;
  while (at < text.length) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    let first = at;
    while (first < end && (text.charCodeAt(first) === 32 || text.charCodeAt(first) === 9)) first++;
    const lead = text.charCodeAt(first);
    const fenceLike = lead === 96 || lead === 126; // ` ~
    // A block quote's or list item's line may hold a fence or a heading after its markers.
    const contained = lead === 62 || lead === 45 || lead === 42 || lead === 43 || (lead >= 48 && lead <= 57); // > - * + digit
    // Inside a fence opened in a container, every line is read: the container's end ends the fence.
    if (!fenceLike && fence !== undefined && !fence.quotes && !fence.indent) {
      at = end + 1;
      continue;
    }
    if (nextEquals !== Infinity && nextEquals < at) nextEquals = indexOrInfinity(text, '=', at);
    if (nextTag !== Infinity && nextTag < at) nextTag = indexOrInfinity(text, '<h', at);
    if (!fenceLike && !contained && fence === undefined && lead !== 35 && nextEquals >= end && nextTag >= end) { // #
      at = end + 1;
      continue;
    }
    // A CRLF page's lines end in `\r`: without it, its headings make ids as an LF page's do.
    let line = text.slice(at, end > at && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    const lineStart = at;
    at = end + 1;
    if (fence !== undefined) {
      // A closing fence has nothing after its run (```` ```js ```` inside a block is text).
      const inFence = fenceLine(line, fence);
      if (inFence === 'inside') continue;
      fence = undefined;
      if (inFence === 'closes') continue;
    }
    const prefix = fenceLike || contained ? linePrefix(line) : undefined;
    const opened = prefix && opensFence(line, prefix);
    if (opened) {
      fence = opened;
      continue;
    }
    // A heading in a block quote or list item (`> ## Note`, `- ## Step`) is one.
    if (contained && prefix && prefix.content > 0 && line[prefix.content] === '#') line = line.slice(prefix.content);
    const heading = line.charCodeAt(0) === 35 || lead === 35 ? atxHeading(line) : undefined;
    if (heading) {
      const written = heading.text.replace(/(?<![ \t])[ \t]+#+$/, '');
      const custom = customId(written);
      if (custom !== undefined) add(ids, custom.trim().replace(/[<>"&?,;:!'()[\]{}]/g, '').replace(EMOJI, '').replace(/\s+/g, '-'));
      else if (heading.level <= TOC_DEPTH) addSlug(plainText(written));
    }
    // HTML or JSX headings of the table of contents' levels, on one line: `<h2>Title</h2>`.
    if (line.includes('<h')) for (const heading of htmlHeadings(line)) addSlug(plainText(heading));
    if (line.includes('=')) {
      for (const { name, value, tag: onLine } of anchorAttributes(line)) {
        if (!value) continue;
        if (name === 'id') {
          add(ids, value);
          continue;
        }
        // An attribute on a line of its own belongs to a tag opened above.
        const tag = onLine ?? tagAbove(text, lineStart);
        if (name === 'title' || name === 'label') {
          // Only these components make an id of their title (a Card's does not). Where the platform's rule is not
          // read (a Step's, an Update's), the tag is not known, or the title is not ASCII, both readings are taken;
          // a Tab's too (its build slugs it as a heading, but a miss costs less than a false alarm).
          const slugged = tag !== undefined && COMPONENT_SLUGGED.has(tag);
          const titled = tag === undefined || HEADING_SLUGGED.has(tag);
          if (slugged) addComponentSlug(componentSlug(plainText(value)));
          if (tag === 'Tab') addSlug(value, tabCounts);
          else if (titled || (slugged && /[^\x00-\x7f]/.test(value))) addSlug(value);
          if (titled) add(ids, componentSlug(plainText(value)));
        } else if (tag === undefined || PARAM_FIELDS.has(tag)) {
          if (name === 'name' && tag !== 'ResponseField' && tag !== undefined) continue;
          const seen = paramCounts.get(value) ?? 0;
          paramCounts.set(value, seen + 1);
          add(ids, paramFieldId(value, seen));
        }
      }
    }
  }
  return ids;
}

const LINE_BREAK = /[\n\r\u2028\u2029]/;

function indexOrInfinity(text: string, search: string, from: number): number {
  const at = text.indexOf(search, from);
  return at < 0 ? Infinity : at;
}

function isBlank(c: string | undefined): boolean {
  return c === ' ' || c === '\t';
}

/** What `/^[ \t]*(#{1,6})[ \t]+(.+?)[ \t]*$/` matched, by hand to stay linear: the `#`s and the text. */
function atxHeading(line: string): { level: number; text: string } | undefined {
  let at = 0;
  while (isBlank(line[at])) at++;
  const hashes = at;
  while (line[at] === '#') at++;
  const level = at - hashes;
  if (level < 1 || level > 6 || !isBlank(line[at]) || LINE_BREAK.test(line)) return undefined;
  let start = at;
  while (isBlank(line[start])) start++;
  // Only blanks after the `#`s: `.+?` took the last one.
  if (start === line.length) return start - at >= 2 ? { level, text: line.slice(-1) } : undefined;
  let end = line.length;
  while (isBlank(line[end - 1])) end--;
  return { level, text: line.slice(start, end) };
}

/** The id `/^(.*?)\s*\{\s*#([^}]+?)\s*\}$/` read from a heading's end (group 2), by hand to stay linear. */
function customId(written: string): string | undefined {
  const last = written.length - 1;
  if (last < 1 || written[last] !== '}') return undefined;
  // Nothing between `{` and the final `}` is a `}`: the `{` is past the one before.
  for (let open = written.indexOf('{', written.lastIndexOf('}', last - 1) + 1); open >= 0 && open < last; open = written.indexOf('{', open + 1)) {
    let hash = open + 1;
    while (hash < last && /\s/.test(written[hash])) hash++;
    if (written[hash] !== '#' || hash + 1 >= last) continue;
    let before = open;
    while (before > 0 && /\s/.test(written[before - 1])) before--;
    if (LINE_BREAK.test(written.slice(0, before))) return undefined;
    const id = written.slice(hash + 1, last);
    return id.slice(0, Math.max(1, id.trimEnd().length));
  }
  return undefined;
}

/** The name of the tag `/<([A-Za-z][\w.]*)[^<]*$/` found: the one the last `<` opens. */
function openTag(before: string): string | undefined {
  const open = before.lastIndexOf('<');
  if (open < 0 || !/[A-Za-z]/.test(before.charAt(open + 1))) return undefined;
  let end = open + 2;
  while (end < before.length && /[\w.]/.test(before[end])) end++;
  return before.slice(open + 1, end);
}

/** How far back a tag opened above an attribute's line is looked for; past it, the tag is not known. */
const MAX_TAG_LOOKBACK = 2_000;

/** The name of the tag the last `<` before `at` opens, within `MAX_TAG_LOOKBACK` characters. */
function tagAbove(text: string, at: number): string | undefined {
  const from = Math.max(0, at - MAX_TAG_LOOKBACK);
  // Searched in the slice: searched in the text, a page of attribute lines and no `<` was read back to its start each time.
  const open = text.slice(from, at).lastIndexOf('<');
  if (open < 0) return undefined;
  return openTag(text.slice(from + open, Math.min(at, from + open + 100)));
}

/** Whether a page with these ids has the anchor a link names (without `#`). */
export function hasAnchor(ids: ReadonlySet<string>, anchor: string): boolean {
  // Case counts: a browser matches ids exactly (`#yourTask-batchtrigger` does not reach `yourtask-batchtrigger`).
  return ids.has(anchor) || ids.has(cleanId(anchor));
}

function add(ids: Set<string>, id: string): void {
  if (!id) return;
  ids.add(id);
  ids.add(cleanId(id));
}

/** The platform's `cleanHeadingId`: percent-decoded, then punctuation and emoji removed. */
export function cleanId(id: string): string {
  let decoded = id;
  try {
    decoded = decodeURIComponent(id.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    // a malformed sequence: the id as written
  }
  return decoded.replace(/[?,;:!'"()[\]{}]/g, '').replace(EMOJI, '');
}

/** A heading's text without its markdown: link targets, code marks, emphasis marks, tags. */
function plainText(written: string): string {
  return withoutTags(linkTexts(written))
    .replace(/`+/g, '')
    .replace(/(\*\*|__|\*|~~)/g, '')
    .trim();
}

/** `text.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')` in one pass: each link as its text. */
function linkTexts(text: string): string {
  let out = '';
  let copied = 0;
  let from = 0;
  for (;;) {
    const open = text.indexOf('[', from);
    if (open < 0) break;
    // Every `[` before this `]` ends at it: if it is not a link's, none of them is.
    const close = text.indexOf(']', open + 1);
    if (close < 0) break;
    from = close + 1;
    if (text[close + 1] !== '(') continue;
    const end = text.indexOf(')', close + 2);
    if (end < 0) break;
    out += text.slice(copied, open > copied && text[open - 1] === '!' ? open - 1 : open) + text.slice(open + 1, close);
    copied = from = end + 1;
  }
  return out + text.slice(copied);
}

/** `text.replace(/<[^>]+>/g, '')` in one pass. */
function withoutTags(text: string): string {
  let out = '';
  let copied = 0;
  let from = 0;
  for (;;) {
    const open = text.indexOf('<', from);
    if (open < 0) break;
    const close = text.indexOf('>', open + 1);
    if (close < 0) break;
    if (close > open + 1) {
      out += text.slice(copied, open);
      copied = close + 1;
    }
    from = close + 1;
  }
  return out + text.slice(copied);
}

/**
 * `slugify` of `@mintlify/common`: the title lower-cased, spaces as `-`, percent-encoded; then
 * `@sindresorhus/slugify` (camel case kept, `_` kept; `%` kept and case too when something was encoded).
 */
export function headingSlug(title: string): string {
  const encoded = encodeURIComponent(title.toLowerCase().trim().replace(/\s+/g, '-'));
  const percent = /%[0-9A-F]{2}/.test(encoded);
  const pattern = percent ? /[^a-zA-Z\d%_]+/g : /[^a-z\d_]+/g;
  let slug = (percent ? encoded : encoded.toLowerCase()).replace(pattern, '-');
  slug = slug.replace(/(?<=[a-zA-Z\d])-([ts])(-|$)/g, '$1$2');
  return slug.replace(/-{2,}/g, '-').replace(/^-|-$/g, '');
}
