import { JValue, valueOf } from '../json/json-tree';

export interface Redirect {
  source: string;
  destination: string;
}

interface Pattern {
  regex: RegExp;
  /** For each capture group in order: the parameter's name, or undefined for a `*`. */
  groups: (string | undefined)[];
  destination: string;
}

/** A path as the platform keys redirects: no leading `/`, no trailing `/`. */
export function redirectKey(path: string): string {
  let key = path.startsWith('/') ? path.slice(1) : path;
  while (key.endsWith('/')) key = key.slice(0, -1);
  return key;
}

const SPECIAL = /[.+?^${}()|[\]\\]/g;

/**
 * The `redirects` of docs.json, looked up as the platform does: an exact source first, then the sources with
 * `:name` (one segment, `:name*` one segment and anything after) or `*` (any characters), anchored at both ends.
 * A `:name` or `*` of the source is substituted in the destination.
 */
export class RedirectTable {
  private readonly exact = new Map<string, string>();
  private readonly patterns: Pattern[] = [];

  constructor(redirects: Iterable<Redirect>) {
    for (const { source, destination } of redirects) {
      const key = redirectKey(source);
      if (/[:*]/.test(key)) this.patterns.push(compile(key, destination));
      else if (!this.exact.has(key)) this.exact.set(key, destination);
    }
  }

  get size(): number {
    return this.exact.size + this.patterns.length;
  }

  /** The destination a site path (no leading `/`) is redirected to, substituted, or undefined. */
  destinationOf(path: string): string | undefined {
    const exact = this.exact.get(path);
    if (exact !== undefined) return exact;
    for (const pattern of this.patterns) {
      const match = pattern.regex.exec(path);
      if (match) return substitute(pattern, match);
    }
    return undefined;
  }
}

function compile(source: string, destination: string): Pattern {
  const groups: (string | undefined)[] = [];
  let regex = '';
  for (const part of source.split(/(:[A-Za-z_]\w*\*?|\*)/)) {
    if (part === '*') {
      groups.push(undefined);
      regex += '(.*)';
    } else if (part.startsWith(':') && part.length > 1) {
      const star = part.endsWith('*');
      groups.push(star ? part.slice(1, -1) : part.slice(1));
      regex += star ? '([^/]+.*)' : '([^/]+)';
    } else regex += part.replace(SPECIAL, '\\$&');
  }
  return { regex: new RegExp(`^${regex}$`), groups, destination };
}

function substitute(pattern: Pattern, match: RegExpExecArray): string {
  let result = pattern.destination;
  const stars: string[] = [];
  pattern.groups.forEach((name, i) => {
    const value = match[i + 1] ?? '';
    if (name === undefined) stars.push(value);
    else result = result.replace(new RegExp(`:${name}\\*?(?!\\w)`, 'g'), value);
  });
  let star = 0;
  return result.replace(/\*/g, () => stars[star++] ?? '');
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
