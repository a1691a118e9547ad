import path = require('node:path');
import { Diagnostic, diagnostic } from '../diagnostics';
import { JArray, JObject, JProperty, JValue, MAX_NESTING, SourceFile } from '../json/json-tree';
import { resolveDocsPath } from '../workspace/docs-paths';
import { DocsWorkspace } from '../workspace/docs-workspace';
import { syntaxDiagnostics } from './syntax-diagnostics';
import { pushAll } from '../text/push-all';
import { INVALID_REF_CODE, INVALID_TYPE_CODE, PAGE_OUTSIDE_ROOT_CODE } from '../rules/generated/rule-codes';

export const MAX_REF_DEPTH = 32;
/**
 * Values all `$ref` expansions together may add. Files that reference one another twice over double at each
 * step (a "billion laughs" made of references): the budget stops that long before it costs a second.
 */
export const MAX_REF_VALUES = 100_000;

export interface RefLink {
  /** The `$ref` string in the file that wrote it. */
  node: JValue;
  /** The referenced file, relative to the docs folder, when it resolved inside it. */
  target?: string;
}

export interface ResolvedRefs {
  root: JValue | undefined;
  diagnostics: Diagnostic[];
  /** Every file the result was read from, relative to the docs folder (the main file excluded). */
  files: Set<string>;
  sources: SourceFile[];
  links: RefLink[];
  /** Objects whose `$ref` could not be loaded: kept as written. */
  unresolved: Set<JValue>;
}

/**
 * Replaces each `{ "$ref": "file.json", ...siblings }` by the referenced file's value with the siblings merged
 * on top. Nested references resolve relative to their own file. Nodes keep the file they were written in.
 */
export function resolveRefs(root: JValue | undefined, mainRelative: string, workspace: DocsWorkspace): ResolvedRefs {
  const result: ResolvedRefs = { root, diagnostics: [], files: new Set(), sources: [], links: [], unresolved: new Set() };
  if (!root || !root.file.text.includes('"$ref"')) return result;
  result.root = resolveValue(root, [mainRelative], 1, workspace, { out: result, values: 0, overBudget: false });
  return result;
}

/** What one resolution has spent: the values its expansions added. */
interface Walk {
  out: ResolvedRefs;
  values: number;
  overBudget: boolean;
}

/** `depth`: the nesting level of `node` in the resolved tree, which expansions must keep within MAX_NESTING. */
function resolveValue(node: JValue, chain: string[], depth: number, workspace: DocsWorkspace, walk: Walk): JValue {
  if (node.type === 'array') {
    let changed = false;
    const items = node.items.map((item) => {
      const resolved = resolveValue(item, chain, depth + 1, workspace, walk);
      if (resolved !== item) changed = true;
      return resolved;
    });
    return changed ? ({ ...node, items } satisfies JArray) : node;
  }
  if (node.type !== 'object') return node;
  const refProp = node.props.find((p) => p.key === '$ref');
  let changed = false;
  const props: JProperty[] = [];
  for (const prop of node.props) {
    if (prop === refProp) continue;
    const value = resolveValue(prop.value, chain, depth + 1, workspace, walk);
    if (value !== prop.value) changed = true;
    props.push(value === prop.value ? prop : { ...prop, value });
  }
  if (!refProp) return changed ? withProps(node, props) : node;
  const target = loadReference(refProp.value, chain, depth, workspace, walk);
  if (!target) {
    const kept = changed ? withProps(node, [refProp, ...props]) : node;
    walk.out.unresolved.add(kept);
    return kept;
  }
  if (target.type !== 'object') return target;
  const overridden = new Set(props.map((p) => p.key));
  return withProps(target, [...target.props.filter((p) => !overridden.has(p.key)), ...props]);
}

function withProps(node: JObject, props: JProperty[]): JObject {
  return { ...node, props };
}

function loadReference(refValue: JValue, chain: string[], depth: number, workspace: DocsWorkspace, walk: Walk): JValue | undefined {
  const out = walk.out;
  if (refValue.type !== 'string') {
    out.diagnostics.push(diagnostic(INVALID_TYPE_CODE, refValue, '`$ref` must be a string: the path of a JSON file'));
    return undefined;
  }
  const here = chain[chain.length - 1];
  const written = refValue.plain;
  const resolved = resolveDocsPath(written.startsWith('/') ? written : `${path.posix.dirname(here)}/${written}`);
  const link: RefLink = { node: refValue };
  out.links.push(link);
  if (!resolved.inside) {
    out.diagnostics.push(diagnostic(PAGE_OUTSIDE_ROOT_CODE, refValue, `'${written}' leaves the docs folder: it is not read`));
    return undefined;
  }
  const target = resolved.relative;
  link.target = target;
  if (chain.includes(target)) {
    out.diagnostics.push(diagnostic(INVALID_REF_CODE, refValue, `\`$ref\` cycle: ${[...chain, target].join(' → ')}`));
    return undefined;
  }
  if (chain.length > MAX_REF_DEPTH) {
    out.diagnostics.push(diagnostic(INVALID_REF_CODE, refValue, `\`$ref\` chain deeper than ${MAX_REF_DEPTH} files`));
    return undefined;
  }
  const parsed = workspace.json(target);
  if (!parsed) {
    const why = workspace.whyNotRead(target);
    const message = why ? `\`$ref\` file '${written}' ${why}: not read` : `\`$ref\` file '${written}' was not found (looked for ${target})`;
    out.diagnostics.push(diagnostic(INVALID_REF_CODE, refValue, message));
    return undefined;
  }
  if (!out.files.has(target)) {
    out.files.add(target);
    out.sources.push(parsed.file);
    pushAll(out.diagnostics, syntaxDiagnostics(parsed));
  }
  if (!parsed.root) return undefined;
  const size = workspace.derived(parsed.root, 'tree-size', measure);
  if (depth + size.depth - 1 > MAX_NESTING) {
    out.diagnostics.push(diagnostic(INVALID_REF_CODE, refValue, `\`$ref\` '${written}' would nest the configuration deeper than ${MAX_NESTING} levels: it is not expanded`));
    return undefined;
  }
  walk.values += size.values;
  if (walk.values > MAX_REF_VALUES) {
    if (!walk.overBudget) {
      const message = `\`$ref\` files expand to more than ${MAX_REF_VALUES} values in all (a file referenced over and over): '${written}' and later references are not expanded`;
      out.diagnostics.push(diagnostic(INVALID_REF_CODE, refValue, message));
    }
    walk.overBudget = true;
    return undefined;
  }
  return resolveValue(parsed.root, [...chain, target], depth, workspace, walk);
}

/** Nesting levels and number of values of a parsed file's tree (measured once per file: the workspace keeps it). */
/** Recursive, but at most MAX_NESTING deep: the parser refuses deeper files. */
function measure(node: JValue): { depth: number; values: number } {
  const size = { depth: 1, values: 1 };
  const children = node.type === 'array' ? node.items : node.type === 'object' ? node.props.map((p) => p.value) : [];
  for (const child of children) {
    const inner = measure(child);
    size.depth = Math.max(size.depth, inner.depth + 1);
    size.values += inner.values;
  }
  return size;
}
