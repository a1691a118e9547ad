import { JValue, valueOf } from '../json/json-tree';
import { hasWildcard, RedirectPattern, substituteDestination } from './redirect-pattern';

export interface Redirect {
  source: string;
  destination: string;
}

interface Pattern {
  /** Its place among the pattern sources: the first that matches wins. */
  order: number;
  pattern: RedirectPattern;
  destination: string;
}

/** A path as the platform keys redirects: no leading `/`, no trailing `/`. */
export function redirectKey(path: string): string {
  let key = path.startsWith('/') ? path.slice(1) : path;
  while (key.endsWith('/')) key = key.slice(0, -1);
  return key;
}

/** A path as the platform serves it: a redirect key with a trailing `/index` dropped (`index` itself is the root, ''). */
export function canonicalUrl(path: string): string {
  const key = redirectKey(path);
  if (key === 'index') return '';
  return key.endsWith('/index') ? key.slice(0, -'/index'.length) : key;
}

/**
 * The `redirects` of docs.json, looked up as the platform does: an exact source first, then the sources with
 * `:name` (one segment, `:name*` one segment and anything after) or `*` (any characters), anchored at both ends.
 * A `:name` or `*` of the source is substituted in the destination.
 */
export class RedirectTable {
  private readonly exact = new Map<string, string>();
  private readonly patterns = new PatternIndex();

  constructor(redirects: Iterable<Redirect>) {
    const patternSources = new Set<string>();
    for (const { source, destination } of redirects) {
      const key = redirectKey(source);
      if (!hasWildcard(key)) {
        if (!this.exact.has(key)) this.exact.set(key, destination);
      } else if (!patternSources.has(key)) {
        // A source written again never wins (the first does): it is not tried.
        patternSources.add(key);
        this.patterns.add(new RedirectPattern(key), destination);
      }
    }
  }

  get size(): number {
    return this.exact.size + this.patterns.size;
  }

  /** The destination a site path (no leading `/`) is redirected to, substituted, or undefined. */
  destinationOf(path: string): string | undefined {
    const exact = this.exact.get(path);
    if (exact !== undefined) return exact;
    const found = this.patterns.first(path);
    return found && substituteDestination(found.pattern.destination, found.pattern.pattern.names, found.values);
  }
}

/**
 * Pattern sources filed by the whole segments their literal start (`docs/v1/*` under `docs/v1`) or end (`*\/old`
 * under `old`) spells, so that a path is tried only against the sources that may match it: 10,000 pattern
 * redirects, each tried on every link, took the check 45 s. Sources that start and end with a wildcard
 * (`*\/old/*`) are filed by a piece of up to 3 characters of their literal text, which a path they match holds:
 * 10,000 of them and 5,000 broken links took the check 100-150 s.
 */
class PatternIndex {
  /** By number of segments, then by those segments: the sources whose literal start spells them. */
  private readonly byStart = new Map<number, Map<string, Pattern[]>>();
  private readonly byEnd = new Map<number, Map<string, Pattern[]>>();
  /** Sources whose literal start or end is a piece of a segment, by its first or last character. */
  private readonly byFirst = new Map<string, Pattern[]>();
  private readonly byLast = new Map<string, Pattern[]>();
  /** Sources that start and end with a wildcard, by a piece of their literal text (`byGram`), else tried on every path. */
  private readonly byGram = new Map<string, Pattern[]>();
  private readonly gramLengths = new Set<number>();
  private readonly others: Pattern[] = [];
  size = 0;

  add(pattern: RedirectPattern, destination: string): void {
    const entry: Pattern = { order: this.size++, pattern, destination };
    const startSlash = pattern.prefix.lastIndexOf('/');
    const endSlash = pattern.suffix.indexOf('/');
    if (startSlash > 0) file(this.byStart, pattern.prefix.slice(0, startSlash), entry);
    else if (endSlash >= 0 && endSlash < pattern.suffix.length - 1) file(this.byEnd, pattern.suffix.slice(endSlash + 1), entry);
    else if (pattern.suffix) add(this.byLast, pattern.suffix[pattern.suffix.length - 1], entry);
    else if (pattern.prefix) add(this.byFirst, pattern.prefix[0], entry);
    else this.fileByGram(pattern.texts, entry);
  }

  /** Under the piece of its literal text whose list is shortest yet (pieces of 3 characters, or the whole of a shorter text). */
  private fileByGram(texts: readonly string[], entry: Pattern): void {
    let best: string | undefined;
    let bestCount = Infinity;
    for (const text of texts) {
      const length = Math.min(3, text.length);
      for (let i = 0; i + length <= text.length && bestCount > 0; i++) {
        const gram = text.slice(i, i + length);
        const count = this.byGram.get(gram)?.length ?? 0;
        if (count < bestCount) [best, bestCount] = [gram, count];
      }
    }
    if (best === undefined) {
      this.others.push(entry);
      return;
    }
    this.gramLengths.add(best.length);
    add(this.byGram, best, entry);
  }

  /** The first source (in docs.json order) that `path` matches, and what its wildcards matched. */
  first(path: string): { pattern: Pattern; values: string[] } | undefined {
    if (this.size === 0) return undefined;
    let best: { pattern: Pattern; values: string[] } | undefined;
    const consider = (list: Pattern[] | undefined) => {
      for (const pattern of list ?? []) {
        if (best && pattern.order > best.pattern.order) return;
        const values = pattern.pattern.match(path);
        if (values) {
          best = { pattern, values };
          return;
        }
      }
    };
    for (const [segments, sources] of this.byStart) consider(sources.get(leadingSegments(path, segments)));
    for (const [segments, sources] of this.byEnd) consider(sources.get(trailingSegments(path, segments)));
    consider(this.byLast.get(path.slice(-1)));
    consider(this.byFirst.get(path.slice(0, 1)));
    if (this.byGram.size) {
      const seen = new Set<string>();
      for (const length of this.gramLengths) {
        for (let i = 0; i + length <= path.length; i++) {
          const gram = path.slice(i, i + length);
          if (seen.has(gram)) continue;
          seen.add(gram);
          consider(this.byGram.get(gram));
        }
      }
    }
    consider(this.others);
    return best;
  }
}

function file(index: Map<number, Map<string, Pattern[]>>, segments: string, entry: Pattern): void {
  const count = segments.split('/').length;
  let sources = index.get(count);
  if (!sources) index.set(count, (sources = new Map()));
  add(sources, segments, entry);
}

function add(index: Map<string, Pattern[]>, key: string, entry: Pattern): void {
  const list = index.get(key);
  if (list) list.push(entry);
  else index.set(key, [entry]);
}

/** The first `count` segments of a path joined, or '' when it has fewer than `count` + 1. */
function leadingSegments(path: string, count: number): string {
  let slash = -1;
  for (let i = 0; i < count; i++) {
    slash = path.indexOf('/', slash + 1);
    if (slash < 0) return '';
  }
  return path.slice(0, slash);
}

/** The last `count` segments of a path joined, or '' when it has fewer than `count` + 1. */
function trailingSegments(path: string, count: number): string {
  let slash = path.length;
  for (let i = 0; i < count; i++) {
    slash = path.lastIndexOf('/', slash - 1);
    if (slash < 0) return '';
  }
  return path.slice(slash + 1);
}

/** The `redirects` entries of a docs.json root with a string source and destination. */
export function redirectsOf(root: JValue | undefined): Redirect[] {
  const list = root && valueOf(root, 'redirects');
  if (list?.type !== 'array') return [];
  const redirects: Redirect[] = [];
  for (const item of list.items) {
    if (item.type !== 'object') continue;
    const source = valueOf(item, 'source');
    const destination = valueOf(item, 'destination');
    if (source?.type === 'string' && destination?.type === 'string') redirects.push({ source: source.plain, destination: destination.plain });
  }
  return redirects;
}
