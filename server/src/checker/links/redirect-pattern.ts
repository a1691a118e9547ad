// A redirect source with wildcards, matched without a regular expression. Compiled to one (`*` as `(.*)`), a
// source of 12 stars backtracked exponentially: `/*a*a*a*a*a*a*a*a*a*a*a*a*b` hung the checker and the server
// (10 stars 22 s). Here a match costs O(path length × parts) whatever the source.

type Part =
  | { kind: 'text'; text: string }
  /** `*`: any characters, `/` included, or none. */
  | { kind: 'star' }
  /** `:name`: one segment (no `/`, not empty); `:name*`: one segment and anything after it. */
  | { kind: 'param'; name: string; rest: boolean };

const SLASH = 47;

/**
 * A redirect source (no leading `/`) with `*`, `:name` or `:name*`, anchored at both ends. Where a path matches
 * it in several ways, each wildcard takes as much as it can, left to right, as the regular expression
 * `^(.*)…([^/]+)…([^/]+.*)$` would.
 */
export class RedirectPattern {
  private readonly parts: Part[] = [];
  /** The literal text before the first wildcard and after the last one ('' when the source starts or ends with one). */
  readonly prefix: string;
  readonly suffix: string;
  /** The wildcards of the source in order, by name (undefined for a `*`). */
  readonly names: (string | undefined)[];
  /** The literal pieces of the source, in order: a path it matches holds each of them. */
  readonly texts: string[];

  constructor(source: string) {
    let text = '';
    for (let i = 0; i < source.length; ) {
      const name = source[i] === ':' ? paramName(source, i + 1) : '';
      if (source[i] === '*' || name) {
        if (text) this.parts.push({ kind: 'text', text });
        text = '';
        if (name) {
          const rest = source[i + 1 + name.length] === '*';
          this.parts.push({ kind: 'param', name, rest });
          i += 1 + name.length + (rest ? 1 : 0);
        } else {
          this.parts.push({ kind: 'star' });
          i++;
        }
      } else text += source[i++];
    }
    if (text) this.parts.push({ kind: 'text', text });
    const first = this.parts[0];
    const last = this.parts[this.parts.length - 1];
    this.prefix = first?.kind === 'text' ? first.text : '';
    this.suffix = last?.kind === 'text' && this.parts.length > 1 ? last.text : '';
    this.names = this.parts.flatMap((part) => (part.kind === 'text' ? [] : [part.kind === 'param' ? part.name : undefined]));
    this.texts = this.parts.flatMap((part) => (part.kind === 'text' ? [part.text] : []));
  }

  /** What each wildcard matched, in order, or undefined when `path` does not match. */
  match(path: string): string[] | undefined {
    if (!path.startsWith(this.prefix) || !path.endsWith(this.suffix) || path.length < this.prefix.length + this.suffix.length) return undefined;
    const reach = this.reachable(path);
    if (!reach[0][0]) return undefined;
    const values: string[] = [];
    let at = 0;
    this.parts.forEach((part, k) => {
      if (part.kind === 'text') {
        at += part.text.length;
        return;
      }
      // The longest stretch after which the rest of the source still matches.
      const next = reach[k + 1];
      let end = part.kind === 'param' && !part.rest ? segmentEnd(path, at) : path.length;
      while (!next[end]) end--;
      values.push(path.slice(at, end));
      at = end;
    });
    return values;
  }

  /** `reach[k][i]`: whether the parts from `k` on match `path` from offset `i` to its end. */
  private reachable(path: string): Uint8Array[] {
    const n = path.length;
    const reach = new Array<Uint8Array>(this.parts.length + 1);
    reach[this.parts.length] = new Uint8Array(n + 1);
    reach[this.parts.length][n] = 1;
    for (let k = this.parts.length - 1; k >= 0; k--) {
      const part = this.parts[k];
      const next = reach[k + 1];
      const here = (reach[k] = new Uint8Array(n + 1));
      if (part.kind === 'text') {
        const { text } = part;
        for (let i = 0; i + text.length <= n; i++) if (next[i + text.length] && path.startsWith(text, i)) here[i] = 1;
      } else if (part.kind === 'star') {
        for (let i = n, any = 0; i >= 0; i--) here[i] = any |= next[i];
      } else {
        // The nearest offset after `i` the rest matches from, and where `i`'s segment ends.
        let nearest = next[n] ? n : Infinity;
        let segmentStop = n;
        for (let i = n - 1; i >= 0; i--) {
          if (path.charCodeAt(i) === SLASH) {
            segmentStop = i;
          } else if (part.rest ? nearest <= n : nearest <= segmentStop) here[i] = 1;
          if (next[i]) nearest = i;
        }
      }
    }
    return reach;
  }
}

/** Whether a source (no leading `/`) holds a wildcard. */
export function hasWildcard(source: string): boolean {
  for (let i = source.indexOf(':'); i >= 0; i = source.indexOf(':', i + 1)) if (paramName(source, i + 1)) return true;
  return source.includes('*');
}

/** The parameter name (`[A-Za-z_]\w*`) starting at `at`, or ''. */
function paramName(text: string, at: number): string {
  let end = at;
  while (end < text.length && /\w/.test(text[end]) && (end > at || !/\d/.test(text[end]))) end++;
  return text.slice(at, end);
}

function segmentEnd(path: string, from: number): number {
  const slash = path.indexOf('/', from);
  return slash < 0 ? path.length : slash;
}

/**
 * A destination with the wildcards of its source put in: each `:name` the source captures by its value (`:name*`
 * too), each `*` by the next `*` value. Values are put in as they are, never read again.
 */
export function substituteDestination(destination: string, names: readonly (string | undefined)[], values: readonly string[]): string {
  const named = new Map<string, string>();
  const stars: string[] = [];
  names.forEach((name, i) => {
    if (name === undefined) stars.push(values[i]);
    else if (!named.has(name)) named.set(name, values[i]);
  });
  let result = '';
  let star = 0;
  for (let i = 0; i < destination.length; ) {
    const name = destination[i] === ':' ? paramName(destination, i + 1) : '';
    if (name && named.has(name)) {
      result += named.get(name);
      i += 1 + name.length;
      if (destination[i] === '*' && !/\w/.test(destination[i + 1] ?? '')) i++;
    } else if (destination[i] === '*') {
      result += stars[star++] ?? '';
      i++;
    } else if (name) {
      result += destination.slice(i, i + 1 + name.length);
      i += 1 + name.length;
    } else result += destination[i++];
  }
  return result;
}
