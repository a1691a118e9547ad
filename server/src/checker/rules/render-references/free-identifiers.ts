// The identifiers a page's expressions and JSX attribute values read that nothing binds: the page's ESM (imports,
// exports), the expression itself (parameters, declarations), nor the scope the platform renders a page with.
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { mdxjs } from 'micromark-extension-mdxjs';
import { blankHeadingIds } from '../../pages/heading-ids';
import { withFencedCodeEmptied } from '../../pages/mdx-quick-parse';

export interface FreeIdentifier {
  name: string;
  /** 1-based line and 0-based column in the page (fenced code emptied keeps both). */
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

/** Most identifiers read from one page. */
const MAX_REFERENCES = 2_000;

let options: Parameters<typeof fromMarkdown>[1] | undefined;

/**
 * The free identifiers of a page that parses, in order (each name once), or undefined when it does not parse here.
 * `known`: names the platform gives every page.
 */
export function freeIdentifiers(text: string, known: (name: string) => boolean): FreeIdentifier[] | undefined {
  options ??= { extensions: [mdxjs(), gfm(), frontmatter(['yaml', 'toml']), math()], mdastExtensions: [mdxFromMarkdown(), gfmFromMarkdown()] };
  let tree: MdastNode;
  try {
    tree = fromMarkdown(blankHeadingIds(withFencedCodeEmptied(text).text), options) as MdastNode;
  } catch {
    return undefined;
  }
  const moduleNames = new Set<string>();
  const expressions: EstreeNode[] = [];
  const stack: MdastNode[] = [tree];
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
  const found: FreeIdentifier[] = [];
  const named = new Set<string>();
  for (const expression of expressions) {
    const local = new Set<string>();
    bindings(expression, local);
    for (const reference of references(expression)) {
      const name = reference.name as string;
      if (moduleNames.has(name) || local.has(name) || known(name) || named.has(name)) continue;
      named.add(name);
      const start = (reference.loc as { start: { line: number; column: number } } | undefined)?.start;
      if (start) found.push({ name, line: start.line, column: start.column });
      if (found.length >= MAX_REFERENCES) return found;
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
