// Seeded mutations of real docs.json text: each takes the text and a generator and returns hostile text.
import { createScanner, Node as JsonNode, parseTree, SyntaxKind } from 'jsonc-parser';
import { SeededRandom } from '../../bench/seeded-random';

export type Mutation = (text: string, random: SeededRandom, context: MutationContext) => string;

export interface MutationContext {
  /** Files of the fixture a `$ref` or `openapi` may name, so some mutations hit real files. */
  siblingFiles: string[];
}

interface Span {
  offset: number;
  length: number;
}

const NAV_KEYS = [
  'pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages', 'menu', 'global',
  'group', 'tab', 'anchor', 'dropdown', 'product', 'version', 'language', 'item', 'href', 'icon', 'tag',
  'expanded', 'openapi', '$ref', 'navigation', 'styling', 'eyebrows', 'interaction', 'drilldown', 'root',
  'default', 'source', 'directory', 'api', 'description', 'hidden',
];
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf', '', ' ', '\u0000'];

const VALUES_OF_EVERY_TYPE = [
  '0', '-1', '1e309', '-0', '123456789012345678901234567890', 'true', 'false', 'null', '""', '" "', '"x"',
  '[]', '{}', '[null]', '[[]]', '[{}]', '{"group": 1}', '{"pages": {}}', '[1, true, null, "a", {}, []]',
];

const HOSTILE_PATHS = [
  '../outside', '../../../../etc/passwd', '/etc/passwd', '//server/share/x', '\\\\server\\share\\x', 'C:\\Windows\\x',
  'c:/x', 'a/../../b', './././x', 'x/./../../y', '%2e%2e/%2e%2e/etc/passwd', 'x\u0000y', '~/x', '.', '..', '/', '',
  'file:///etc/passwd', 'https://example.com/spec.json', 'HTTP://EXAMPLE.COM/X', 'docs.json', './docs.json',
  'names with spaces/é ü 文档', 'a'.repeat(300), 'index', '/index', 'x/', 'x//y', 'nul', 'CON', 'x.json',
];

const ENDPOINT_LIKE = [
  'GET /', 'get /users', 'GET /users/{id}', 'POST /users/', 'FOO /x', 'GET x', 'GET', 'GET  /a  /b', 'openapi.json GET /a',
  'x.yaml POST /b', 'WEBHOOK order.created', 'webhook /x', 'DELETE /a?b=c#d', 'PATCH /ü/文', 'GET /' + 'x/'.repeat(200),
];

const UNICODE_POOL = [
  '\u0000', '\u0001', '\u001f', '\u007f', '\ud800', '\udfff', '\udfff\ud800', '\ud83d\ude00', '\u200b', '\u200d', '\u202e',
  '\u2028', '\u2029', '\ufeff', '\ufffd', '\uffff', '\u0301', '\u0345', 'é', 'e\u0301', '文', '\u{10ffff}', '\r', '\n',
  '\t', '\\', '"', '\\u', '\\ud800', '\\u0000', '{', '}', '[', ']', ',', ':',
];

/** Non-trivia tokens, as the parser sees them. */
function tokens(text: string): Span[] {
  const scanner = createScanner(text, true);
  const out: Span[] = [];
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    out.push({ offset: scanner.getTokenOffset(), length: scanner.getTokenLength() });
  }
  return out;
}

function valueNodes(text: string, filter: (node: JsonNode) => boolean = () => true): JsonNode[] {
  let root: JsonNode | undefined;
  try {
    root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  } catch {
    return []; // nested too deep for the parser's recursion: an earlier mutation did that
  }
  const out: JsonNode[] = [];
  const stack = root ? [root] : [];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type !== 'property' && filter(node)) out.push(node);
    for (const child of node.children ?? []) stack.push(child);
  }
  return out;
}

function splice(text: string, span: Span, insert: string): string {
  return text.slice(0, span.offset) + insert + text.slice(span.offset + span.length);
}

function randomUnicode(random: SeededRandom, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += random.chance(0.7) ? random.pick(UNICODE_POOL) : String.fromCodePoint(random.int(0, 0x10ffff));
  }
  return out;
}

/** A string body (without quotes) of 10 kB to 1 MB, made of one of a few shapes that stress different code. */
function hugeStringBody(random: SeededRandom): string {
  const size = random.pick([10_000, 10_000, 100_000, 100_000, 1_000_000]);
  const unit = random.pick(['a', '../', '{[', 'x/', ' ', '\\u00e9', '\\"', 'GET /a ', 'é文', '\\\\']);
  return unit.repeat(Math.ceil(size / unit.length));
}

function pickNode(text: string, random: SeededRandom, filter?: (node: JsonNode) => boolean): JsonNode | undefined {
  const nodes = valueNodes(text, filter);
  return nodes.length ? random.pick(nodes) : undefined;
}

export const MUTATIONS: Record<string, Mutation> = {
  'byte-flip': (text, random) => {
    const bytes = Buffer.from(text, 'utf8');
    if (!bytes.length) return text;
    for (let i = random.int(1, 8); i > 0; i--) bytes[random.int(0, bytes.length - 1)] ^= 1 << random.int(0, 7);
    return bytes.toString('utf8');
  },
  truncate: (text, random) => text.slice(0, random.int(0, text.length)),
  'delete-token': (text, random) => {
    const all = tokens(text);
    let out = text;
    for (let i = random.int(1, 3); i > 0 && all.length; i--) {
      const span = all.splice(random.int(0, all.length - 1), 1)[0];
      if (span.offset + span.length <= out.length) out = splice(out, span, '');
      all.forEach((t) => t.offset > span.offset && (t.offset -= span.length));
    }
    return out;
  },
  'duplicate-token': (text, random) => {
    const all = tokens(text);
    if (!all.length) return text;
    const span = random.pick(all);
    const copy = text.slice(span.offset, span.offset + span.length);
    return splice(text, { offset: span.offset, length: 0 }, copy.repeat(random.int(1, 3)));
  },
  'swap-type': (text, random) => {
    const node = pickNode(text, random);
    return node ? splice(text, node, random.pick(VALUES_OF_EVERY_TYPE)) : text;
  },
  'copy-subtree': (text, random) => {
    const nodes = valueNodes(text);
    if (nodes.length < 2) return text;
    const from = random.pick(nodes);
    const into = random.pick(nodes);
    return splice(text, into, text.slice(from.offset, from.offset + from.length));
  },
  'rename-key': (text, random) => {
    const key = pickNode(text, random, (n) => n.parent?.type === 'property' && n.parent.children?.[0] === n);
    if (!key) return text;
    return splice(text, key, JSON.stringify(random.chance(0.8) ? random.pick(NAV_KEYS) : random.pick(HOSTILE_KEYS)));
  },
  'huge-string': (text, random) => {
    const node = pickNode(text, random, (n) => n.type === 'string');
    const body = hugeStringBody(random);
    return node ? splice(text, node, `"${body}"`) : `${text}"${body}"`;
  },
  'random-unicode': (text, random) => {
    const inString = random.chance(0.6) ? pickNode(text, random, (n) => n.type === 'string') : undefined;
    const at = inString ? random.int(inString.offset + 1, inString.offset + inString.length - 1) : random.int(0, text.length);
    return splice(text, { offset: at, length: 0 }, randomUnicode(random, random.int(1, 20)));
  },
  bom: (text, random) => (random.chance(0.8) ? `\ufeff${text}` : splice(text, { offset: random.int(0, text.length), length: 0 }, '\ufeff')),
  crlf: (text, random) => {
    const ending = random.pick(['\r\n', '\r', '\n\r', '\u2028']);
    return random.chance(0.5) ? text.replace(/\n/g, ending) : text.replace(/\n/g, () => (random.chance(0.5) ? ending : '\n'));
  },
  'deep-nesting': (text, random) => {
    const node = pickNode(text, random);
    const levels = random.pick([1, 10, 255, 256, 257, 1000, 100_000]);
    const [open, close] = random.chance(0.5) ? ['[', ']'] : ['{"a":', '}'];
    const wrapped = open.repeat(levels) + (node ? text.slice(node.offset, node.offset + node.length) : '1') + close.repeat(random.chance(0.8) ? levels : 0);
    return node ? splice(text, node, wrapped) : wrapped;
  },
  'hostile-path': (text, random, { siblingFiles }) => {
    const node = pickNode(text, random, (n) => n.type === 'string' && n.parent?.type !== 'property');
    const candidates = [...HOSTILE_PATHS, ...siblingFiles];
    const path = JSON.stringify(random.pick(candidates));
    if (!node) return text;
    const inPages = node.parent?.type === 'array';
    const wrapped = random.chance(0.3) ? `{"$ref": ${path}}` : inPages && random.chance(0.3) ? JSON.stringify(random.pick(ENDPOINT_LIKE)) : path;
    return splice(text, node, wrapped);
  },
  'inject-openapi': (text, random, { siblingFiles }) => {
    const object = pickNode(text, random, (n) => n.type === 'object');
    if (!object) return text;
    const specs = siblingFiles.filter((f) => /\.(json|ya?ml)$/.test(f) && f !== 'docs.json');
    const value = random.pick([
      JSON.stringify(random.pick([...specs, ...HOSTILE_PATHS])),
      JSON.stringify([random.pick([...specs, 'missing.yaml']), random.pick([...specs, 'https://x.example/a.json'])]),
      JSON.stringify({ source: random.pick([...specs, '../x.json']), directory: 'api' }),
      random.pick(VALUES_OF_EVERY_TYPE),
    ]);
    return splice(text, { offset: object.offset + 1, length: 0 }, `"openapi": ${value}${object.children?.length ? ',' : ''}`);
  },
};

export const MUTATION_NAMES = Object.keys(MUTATIONS);

/** Mutations that make sense for any text (YAML specs and `$ref` files included). */
export const TEXT_MUTATIONS = ['byte-flip', 'truncate', 'random-unicode', 'bom', 'crlf', 'duplicate-token', 'delete-token'];

/** Applies 1 to 3 random mutations; returns the text and the names applied, in order. */
export function mutate(text: string, random: SeededRandom, context: MutationContext, names = MUTATION_NAMES): { text: string; applied: string[] } {
  const applied: string[] = [];
  let out = text;
  for (let i = random.int(1, 3); i > 0; i--) {
    const name = random.pick(names);
    out = MUTATIONS[name](out, random, context);
    applied.push(name);
  }
  return { text: out, applied };
}
