// The names a page's expressions and JSX attribute values read that nothing binds: the page's ESM (imports, exports)
// nor the expression itself (parameters, declarations). Read from the tree of the MDX worker's parse (mdx-parse.ts),
// which every page that may read a name gets: render-references judges them against what the platform gives.
import { withFencedCodeEmptied } from './mdx-quick-parse';

export interface FreeName {
  name: string;
  /** 1-based line and 0-based column in the page. */
  line: number;
  column: number;
}

interface EstreeNode {
  type: string;
  [key: string]: unknown;
}

interface MdastNode {
  type: string;
  children?: MdastNode[];
  attributes?: { type: string; value?: unknown; data?: { estree?: EstreeNode } }[];
  data?: { estree?: EstreeNode };
}

/** Most names kept of one page (each name once): the rule reports far fewer (MAX_FINDINGS_PER_FILE). */
export const MAX_FREE_NAMES = 200;

/** A `{` that may open an expression reading a name (not a comment, number or empty braces). */
const MAY_READ = /\{\s*[A-Za-z_$[(!`'"{.]/;

/**
 * Whether a page may hold an expression reading a name, outside fenced code and code spans: checked before asking the
 * parser for a tree, which most pages (their braces all in code) are spared. On the 2,217 corpus pages it cut the
 * names' CPU time from 32 s to 7.6 s (the parse alone: 19-21 s; loaded 2-core machine).
 */
export function mayReadNames(text: string): boolean {
  if (!MAY_READ.test(text)) return false;
  const prose = withoutCodeSpans(withFencedCodeEmptied(text).text);
  return MAY_READ.test(prose);
}

/** The free names of a parsed page's tree (mdast with MDX's estree data), in order, each name once. */
export function freeNames(tree: unknown): FreeName[] {
  const moduleNames = new Set<string>();
  const expressions: EstreeNode[] = [];
  const stack: MdastNode[] = [tree as MdastNode];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'mdxjsEsm' && node.data?.estree) bindings(node.data.estree, moduleNames);
    else if ((node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') && node.data?.estree) expressions.push(node.data.estree);
    for (const attribute of node.attributes ?? []) {
      const value = attribute.value as { data?: { estree?: EstreeNode } } | undefined;
      const estree = attribute.type === 'mdxJsxExpressionAttribute' ? attribute.data?.estree : typeof value === 'object' && value ? value.data?.estree : undefined;
      if (estree) expressions.push(estree);
    }
    if (node.children) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  const found: FreeName[] = [];
  const named = new Set<string>();
  for (const expression of expressions) {
    const local = new Set<string>();
    bindings(expression, local);
    for (const reference of references(expression)) {
      const name = reference.name as string;
      if (moduleNames.has(name) || local.has(name) || named.has(name)) continue;
      named.add(name);
      const start = (reference.loc as { start: { line: number; column: number } } | undefined)?.start;
      if (start) found.push({ name, line: start.line, column: start.column });
      if (found.length >= MAX_FREE_NAMES) return found;
    }
  }
  return found;
}

/** Every name an ESM block or expression binds anywhere in it (declarations, parameters, imports, classes, catch). */
function bindings(root: EstreeNode, into: Set<string>): void {
  walk(root, (node) => {
    switch (node.type) {
      case 'VariableDeclarator':
        patternNames(node.id as EstreeNode, into);
        break;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        if (node.id) patternNames(node.id as EstreeNode, into);
        for (const param of node.params as EstreeNode[]) patternNames(param, into);
        break;
      case 'ClassDeclaration':
      case 'ClassExpression':
        if (node.id) patternNames(node.id as EstreeNode, into);
        break;
      case 'CatchClause':
        if (node.param) patternNames(node.param as EstreeNode, into);
        break;
      case 'ImportSpecifier':
      case 'ImportDefaultSpecifier':
      case 'ImportNamespaceSpecifier':
        patternNames(node.local as EstreeNode, into);
        break;
    }
  });
}

function patternNames(pattern: EstreeNode | null | undefined, into: Set<string>): void {
  if (!pattern) return;
  switch (pattern.type) {
    case 'Identifier':
      into.add(pattern.name as string);
      break;
    case 'ObjectPattern':
      for (const property of pattern.properties as EstreeNode[]) patternNames(property.type === 'RestElement' ? property : (property.value as EstreeNode), into);
      break;
    case 'ArrayPattern':
      for (const element of pattern.elements as (EstreeNode | null)[]) patternNames(element, into);
      break;
    case 'RestElement':
      patternNames(pattern.argument as EstreeNode, into);
      break;
    case 'AssignmentPattern':
      patternNames(pattern.left as EstreeNode, into);
      break;
  }
}

/** The identifiers an expression reads (not property names, keys, labels, nor the operand of `typeof`). */
function references(root: EstreeNode): EstreeNode[] {
  const found: EstreeNode[] = [];
  walk(root, (node, parent, key) => {
    if (node.type !== 'Identifier') return;
    if (parent) {
      const t = parent.type;
      if (t === 'MemberExpression' && key === 'property' && !parent.computed) return;
      if ((t === 'Property' || t === 'MethodDefinition' || t === 'PropertyDefinition') && key === 'key' && !parent.computed) return;
      if ((t === 'LabeledStatement' || t === 'BreakStatement' || t === 'ContinueStatement') && key === 'label') return;
      if (t === 'UnaryExpression' && parent.operator === 'typeof') return;
      if (t === 'MetaProperty') return;
    }
    found.push(node);
  });
  return found;
}

const SKIPPED_KEYS = new Set(['type', 'loc', 'range', 'start', 'end', 'comments']);

/** Every node under `root`, depth first, with its parent and the key it is under (an explicit stack: no recursion limit). */
function walk(root: EstreeNode, visit: (node: EstreeNode, parent: EstreeNode | undefined, key: string | undefined) => void): void {
  const stack: [EstreeNode, EstreeNode | undefined, string | undefined][] = [[root, undefined, undefined]];
  while (stack.length) {
    const [node, parent, key] = stack.pop()!;
    visit(node, parent, key);
    for (const child of Object.keys(node)) {
      if (SKIPPED_KEYS.has(child)) continue;
      const value = node[child];
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) if (isNode(value[i])) stack.push([value[i] as EstreeNode, node, child]);
      } else if (isNode(value)) stack.push([value, node, child]);
    }
  }
}

function isNode(value: unknown): value is EstreeNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** The text without its code spans (a run of backticks to the next run as long), in one pass (no backtracking regex). */
function withoutCodeSpans(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('`', at);
    if (open < 0) return out + text.slice(at);
    let end = open;
    while (text[end] === '`') end++;
    const close = text.indexOf('`'.repeat(end - open), end);
    if (close < 0) return out + text.slice(at);
    out += text.slice(at, open);
    at = close + (end - open);
  }
}
