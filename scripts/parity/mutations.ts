// Seeded mutations (deterministic: the same seed, the same cases): of corpus pages' MDX syntax and front matter, and
// of snippet imports in a made-up site. Each mutation is one small edit a writer makes by mistake or on purpose.
import { SeededRandom } from '../../bench/seeded-random';

export interface PageMutant {
  /** The base page (site/path) and what was done to it. */
  base: string;
  what: string;
  text: string;
}

type Operator = (text: string, random: SeededRandom) => { what: string; text: string } | undefined;

function positionsOf(text: string, pattern: RegExp): number[] {
  const found: number[] = [];
  for (const match of text.matchAll(pattern)) found.push(match.index);
  return found;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function insertAt(text: string, at: number, piece: string): string {
  return text.slice(0, at) + piece + text.slice(at);
}

const OPERATORS: Record<string, Operator> = {
  'delete a syntax character': (text, random) => {
    const at = positionsOf(text, /[<>{}/"`]/g);
    if (!at.length) return undefined;
    const i = random.pick(at);
    return { what: `deleted ${JSON.stringify(text[i])} at ${i}`, text: text.slice(0, i) + text.slice(i + 1) };
  },
  'insert a syntax character': (text, random) => {
    const piece = random.pick(['{', '}', '<', '>', '</', '{x', '<3', 'a < b', '{a b}', '{}', '< x']);
    const i = random.int(0, text.length);
    return { what: `inserted ${JSON.stringify(piece)} at ${i}`, text: insertAt(text, i, piece) };
  },
  'drop a closing tag': (text, random) => {
    const at = positionsOf(text, /<\/[A-Za-z][\w.]*>/g);
    if (!at.length) return undefined;
    const i = random.pick(at);
    const end = text.indexOf('>', i) + 1;
    return { what: `dropped ${text.slice(i, end)} at ${i}`, text: text.slice(0, i) + text.slice(end) };
  },
  'add a stray closing tag': (text, random) => {
    const i = random.pick(lineStarts(text));
    const tag = random.pick(['</Note>', '</Card>', '</div>', '</Steps>']);
    return { what: `${tag} at ${i}`, text: insertAt(text, i, `${tag}\n`) };
  },
  'an expression in prose': (text, random) => {
    const i = random.pick(lineStarts(text));
    const piece = random.pick(['{value}', '{a.b}', '{/* note */}', '{`x`}', '{1 +}', '{{x}}', '{"a": 1}', '{props.x}', '{() => 1}']);
    return { what: `${piece} at line start ${i}`, text: insertAt(text, i, `Text ${piece} here.\n\n`) };
  },
  'an attribute': (text, random) => {
    const at = positionsOf(text, /<[A-Z][\w.]*/g);
    if (!at.length) return undefined;
    const i = random.pick(at);
    const end = text.indexOf(' ', i) > 0 && text.indexOf(' ', i) < text.indexOf('>', i) ? text.indexOf(' ', i) : text.indexOf('>', i);
    if (end < 0) return undefined;
    const piece = random.pick([' title={x', ' title="a', " title='a\"", ' x={1}', ' {...rest}', ' title={"a"}', ' a=b', ' data-x']);
    return { what: `${JSON.stringify(piece)} into the tag at ${i}`, text: insertAt(text, end, piece) };
  },
  'front matter': (text, random) => {
    if (!text.startsWith('---\n')) return { what: 'front matter without its end added', text: `---\ntitle: "x"\n${text}` };
    const close = text.indexOf('\n---', 4);
    if (close < 0) return undefined;
    const kind = random.int(0, 3);
    if (kind === 0) return { what: 'front matter end removed', text: text.slice(0, close) + text.slice(close + 4) };
    if (kind === 1) return { what: 'a YAML line with braces', text: insertAt(text, 4, 'description: {broken\n') };
    if (kind === 2) return { what: 'front matter start indented', text: ` ${text}` };
    return { what: 'a tag in front matter', text: insertAt(text, 4, 'sidebarTitle: <Beta>\n') };
  },
  'an unclosed comment': (text, random) => {
    const i = random.pick(lineStarts(text));
    return { what: `<!-- at ${i}`, text: insertAt(text, i, random.pick(['<!-- note\n', '{/* note\n', '<!-- ok -->\n'])) };
  },
  'a heading id': (text, random) => {
    const at = positionsOf(text, /^#{1,6} .*$/gm);
    if (!at.length) return undefined;
    const i = random.pick(at);
    const end = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    const piece = random.pick([' {#custom-id}', ' {#}', ' {#a b}', ' {id}']);
    return { what: `${JSON.stringify(piece)} after a heading at ${i}`, text: insertAt(text, end, piece) };
  },
  'an indented tag': (text, random) => {
    const at = positionsOf(text, /^<[A-Za-z]/gm);
    if (!at.length) return undefined;
    const i = random.pick(at);
    return { what: `tag at ${i} indented by 4`, text: insertAt(text, i, '    ') };
  },
  'math and code': (text, random) => {
    const i = random.pick(lineStarts(text));
    return { what: `math/code at ${i}`, text: insertAt(text, i, random.pick(['$$\n{x}\n$$\n', '$a {b}$\n', '```\n{x\n```\n', '`{x`\n', '~~~\n<Open>\n'])) };
  },
};

/** `count` mutants of the bases, round-robin over the operators, positions from `seed`. */
export function pageMutants(bases: { name: string; text: string }[], count: number, seed: number): PageMutant[] {
  const random = new SeededRandom(seed);
  const names = Object.keys(OPERATORS);
  const out: PageMutant[] = [];
  for (let n = 0; out.length < count && n < count * 4; n++) {
    const base = random.pick(bases);
    const operator = names[n % names.length];
    const mutated = OPERATORS[operator](base.text, random);
    if (mutated) out.push({ base: base.name, what: `${operator}: ${mutated.what}`, text: mutated.text });
  }
  return out;
}

/** The snippets of the made-up import site, one of each shape the build tells apart. */
export const IMPORT_SNIPPETS: Record<string, string> = {
  'snippets/named.jsx': 'export const Alpha = () => <b>a</b>;\nexport function Beta() {\n  return <i>b</i>;\n}\n',
  'snippets/default.jsx': 'export default function Gamma() {\n  return <b>g</b>;\n}\n',
  'snippets/both.tsx': 'export const Delta = ({ n }: { n: number }) => <b>{n}</b>;\nconst Main = () => <i>main</i>;\nexport default Main;\n',
  'snippets/content.mdx': "export const Epsilon = 'e';\n\nSome text the page renders.\n",
  'snippets/esm.mdx': "export const Zeta = 'z';\nexport const Eta = () => <b>h</b>;\n",
  'snippets/plain.js': 'export const Theta = () => null;\n',
  'snippets/text.md': 'Plain text.\n',
  'snippets/list.jsx': 'const Iota = () => <b>i</b>;\nconst Kappa = () => null;\nexport { Iota, Kappa as Lambda };\n',
};

const SOURCES = [...Object.keys(IMPORT_SNIPPETS), 'snippets/gone.jsx', 'react'];
const CLAUSES = ['X', '{ Alpha }', '{ Beta as B }', '{ Missing }', '{ Alpha, Nope }', 'X, { Zeta }', '* as All', '{ Lambda }', '{ Iota }', '{ Kappa }', '{ Delta }', '{ Epsilon }', '{ Eta }', '{ Theta }', 'Y'];
const FORMS: ((source: string) => string)[] = [(s) => `/${s}`, (s) => `./${s}`, (s) => s, (s) => `/${s.replace(/\.[a-z]+$/, '')}`];

/** `count` pages of the made-up site, each with one to three imports of distinct sources. */
export function importPages(count: number, seed: number): Map<string, { text: string; what: string }> {
  const random = new SeededRandom(seed);
  const pages = new Map<string, { text: string; what: string }>();
  for (let n = 0; n < count; n++) {
    const imports: string[] = [];
    const used = new Set<string>();
    for (let k = random.int(1, 3); k > 0; k--) {
      const base = random.pick(SOURCES);
      const source = base === 'react' ? 'react' : random.pick(FORMS)(base);
      if (used.has(source)) continue;
      used.add(source);
      // One binding per name on the page: every import's names made distinct with a suffix.
      const picked = random.pick(CLAUSES);
      if (used.has(picked)) continue;
      used.add(picked);
      const clause = picked.replace(/\b(X|Y|All|B)\b/g, `$1${imports.length}`);
      imports.push(`import ${clause} from '${source}';`);
    }
    pages.set(`p${n}.mdx`, { text: `---\ntitle: "p${n}"\n---\n\n${imports.join('\n')}\n\nText.\n`, what: imports.join(' ') });
  }
  return pages;
}
