// gitignore patterns matched in time linear in the path: each pattern is a list of name globs and `**` runs, walked
// as a set of positions over the path's names (no backtracking expression: `a/**/**/…/b` against a page 30 folders
// deep compiled by the `ignore` package to one that did not finish). A name glob is matched by its `*`-separated
// chunks, each found leftmost in turn: at most the name's length times the glob's per name.

/** Longer patterns are not read (git reads a line up to PATH_MAX; live `.mintignore` lines are short). */
export const MAX_PATTERN_LENGTH = 1_024;

const GLOBSTAR = 0;

/** One character of a glob: itself, `?` (any), or a class `[a-z]`. */
type Atom = string | { any: true } | { negated: boolean; ranges: [number, number][] };

/** A glob of one name: chunks separated by `*`; whether it starts or ends with `*`. */
interface NameGlob {
  literal?: string;
  chunks: Atom[][];
  starts: boolean;
  ends: boolean;
}

interface Rule {
  negated: boolean;
  dirOnly: boolean;
  segments: (NameGlob | typeof GLOBSTAR)[];
  /** Per position, the pass that last reached it (a set without a search: positions are few, passes many). */
  seen: Uint32Array;
}

let pass = 0;

/**
 * The rules of a gitignore text's lines, in order (blank lines, comments and over-long lines left out). Case is
 * ignored, as the `ignore` package does by default (the platform's reader).
 */
export function parseGitignore(lines: readonly string[]): Rule[] {
  const rules: Rule[] = [];
  for (const line of lines) {
    const rule = line.length <= MAX_PATTERN_LENGTH ? parseRule(line.toLowerCase()) : undefined;
    if (rule) rules.push(rule);
  }
  return rules;
}

function parseRule(line: string): Rule | undefined {
  let text = trimTrailingSpaces(line);
  if (text === '' || text.startsWith('#')) return undefined;
  const negated = text.startsWith('!');
  if (negated) text = text.slice(1);
  else if (text.startsWith('\\!') || text.startsWith('\\#')) text = text.slice(1);
  const dirOnly = text.endsWith('/');
  while (text.endsWith('/')) text = text.slice(0, -1);
  if (text === '') return undefined;
  const anchored = text.slice(0, -1).includes('/');
  const names = text.split('/');
  if (names[0] === '') names.shift();
  const segments: Rule['segments'] = anchored ? [] : [GLOBSTAR];
  for (const name of names) {
    if (name === '') continue;
    if (/^\*\*+$/.test(name)) {
      if (segments[segments.length - 1] !== GLOBSTAR) segments.push(GLOBSTAR);
    } else {
      const glob = parseName(name);
      if (!glob) return undefined;
      segments.push(glob);
    }
  }
  // `a/**` is what is inside `a`, not `a` itself.
  if (segments.length > 1 && segments[segments.length - 1] === GLOBSTAR) segments.splice(segments.length - 1, 0, parseName('*')!);
  return segments.length ? { negated, dirOnly, segments, seen: new Uint32Array(segments.length + 1) } : undefined;
}

function trimTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === ' ' && line[end - 2] !== '\\') end--;
  return line.slice(0, end);
}

/** A name's glob; undefined for a `[` never closed (the `ignore` package's pattern then matches nothing). */
function parseName(name: string): NameGlob | undefined {
  const chunks: Atom[][] = [[]];
  let starts = false;
  let ends = false;
  let wild = false;
  for (let i = 0; i < name.length; i++) {
    const char = name[i];
    ends = false;
    if (char === '*') {
      wild = true;
      ends = true;
      if (i === 0) starts = true;
      if (chunks[chunks.length - 1].length) chunks.push([]);
    } else if (char === '?') {
      wild = true;
      chunks[chunks.length - 1].push({ any: true });
    } else if (char === '[') {
      const parsed = parseClass(name, i);
      if (!parsed) return undefined;
      wild = true;
      chunks[chunks.length - 1].push(parsed.atom);
      i = parsed.end;
    } else if (char === '\\' && i + 1 < name.length) {
      chunks[chunks.length - 1].push(name[++i]);
    } else chunks[chunks.length - 1].push(char);
  }
  if (!chunks[chunks.length - 1].length) chunks.pop();
  return wild ? { chunks, starts, ends } : { literal: (chunks[0] ?? []).join(''), chunks, starts, ends };
}

/** A class from `[` at `start` to its `]`; undefined when it has none. */
function parseClass(name: string, start: number): { atom: Atom; end: number } | undefined {
  let i = start + 1;
  const negated = name[i] === '!' || name[i] === '^';
  if (negated) i++;
  const ranges: [number, number][] = [];
  for (let first = true; i < name.length; first = false) {
    if (name[i] === ']' && !first) return { atom: { negated, ranges }, end: i };
    const low = name[i] === '\\' && i + 1 < name.length ? name[++i] : name[i];
    let high = low;
    if (name[i + 1] === '-' && i + 2 < name.length && name[i + 2] !== ']') {
      i += 2;
      high = name[i] === '\\' && i + 1 < name.length ? name[++i] : name[i];
    }
    if (high < low) high = low; // a reversed range is its first character, as in the `ignore` package
    ranges.push([low.charCodeAt(0), high.charCodeAt(0)]);
    i++;
  }
  return undefined;
}

function atomMatches(atom: Atom, char: string): boolean {
  if (typeof atom === 'string') return atom === char;
  if ('any' in atom) return true;
  const code = char.charCodeAt(0);
  let inside = false;
  for (const [low, high] of atom.ranges) if (code >= low && code <= high) inside = true;
  return inside !== atom.negated;
}

function chunkAt(chunk: Atom[], name: string, at: number): boolean {
  if (at + chunk.length > name.length) return false;
  for (let j = 0; j < chunk.length; j++) if (!atomMatches(chunk[j], name[at + j])) return false;
  return true;
}

/** Whether a name matches: the first chunk at the start, the last at the end, each in between leftmost in turn. */
export function nameMatches(glob: NameGlob, name: string): boolean {
  if (glob.literal !== undefined) return glob.literal === name;
  const { chunks } = glob;
  if (!glob.starts && !glob.ends && chunks.length === 1) return chunks[0].length === name.length && chunkAt(chunks[0], name, 0);
  let from = 0;
  let first = 0;
  let last = chunks.length;
  if (!glob.starts) {
    if (!chunks.length || !chunkAt(chunks[0], name, 0)) return chunks.length === 0 && name === '';
    from = chunks[0].length;
    first = 1;
  }
  let until = name.length;
  if (!glob.ends && last > first) {
    const tail = chunks[last - 1];
    if (until - tail.length < from || !chunkAt(tail, name, until - tail.length)) return false;
    until -= tail.length;
    last--;
  }
  for (let c = first; c < last; c++) {
    const chunk = chunks[c];
    let at = from;
    while (at + chunk.length <= until && !chunkAt(chunk, name, at)) at++;
    if (at + chunk.length > until) return false;
    from = at + chunk.length;
  }
  return true;
}

/**
 * Whether gitignore `rules` leave out a file (a `/`-separated relative path): a folder above it left out leaves it
 * out (git does not look inside), else the last rule that matches it decides. Each rule's positions advance one
 * name at a time, so every folder of the path is judged in the same walk.
 */
export function gitignoreIgnores(rules: readonly Rule[], relative: string): boolean {
  const names = relative.toLowerCase().split('/');
  const states = rules.map((rule) => closure(rule, [0]));
  let ignored = false;
  for (let depth = 0; depth < names.length; depth++) {
    const isDir = depth < names.length - 1;
    ignored = false;
    let live = false;
    for (let r = 0; r < rules.length; r++) {
      const rule = rules[r];
      states[r] = step(rule, states[r], names[depth]);
      if (states[r].length) live = true;
      if (rule.seen[rule.segments.length] === pass && (isDir || !rule.dirOnly)) ignored = !rule.negated;
    }
    if (ignored && isDir) return true;
    if (!live) return false;
  }
  return ignored;
}

function closure(rule: Rule, positions: number[]): number[] {
  const out: number[] = [];
  pass = (pass + 1) >>> 0 || 1;
  for (const position of positions) {
    for (let p = position; ; p++) {
      if (rule.seen[p] === pass) break;
      rule.seen[p] = pass;
      out.push(p);
      if (rule.segments[p] !== GLOBSTAR) break;
    }
  }
  return out;
}

function step(rule: Rule, positions: number[], name: string): number[] {
  const next: number[] = [];
  for (const position of positions) {
    const segment = rule.segments[position];
    if (segment === undefined) continue;
    if (segment === GLOBSTAR) next.push(position);
    else if (nameMatches(segment, name)) next.push(position + 1);
  }
  return closure(rule, next);
}
