import { DocumentSymbol, SymbolKind } from 'vscode-languageserver-types';
import { DocsModel, JProperty, JValue, KIND_TITLE, LABEL_KEY, NavElement, shown, SourceFile, valueOf } from '../../checker';
import { elementIcon } from '../../protocol/element-icons';
import { rangeIn, rangeOfNode } from '../base/ranges';

const VALUE_KIND: Record<JValue['type'], SymbolKind> = {
  object: SymbolKind.Object,
  array: SymbolKind.Array,
  string: SymbolKind.String,
  number: SymbolKind.Number,
  boolean: SymbolKind.Boolean,
  null: SymbolKind.Null,
};

/** Keys whose value names an object of a list in the outline (a redirect by its source, a link by its label). */
const NAME_KEYS = ['name', 'label', 'source', 'title', 'href'];
const MAX_DETAIL = 60;

/**
 * The outline of one file (docs.json or a `$ref` file): every key written in it (`theme`, `colors`, `navbar`,
 * `redirects`…), with the navigation as its tree of elements. Parts written in another file are skipped, the
 * navigation elements inside them kept.
 */
export function documentSymbols(model: DocsModel, file: SourceFile): DocumentSymbol[] {
  const root = model.root;
  if (root?.type !== 'object') return [];
  return root.props.flatMap((prop) => {
    if (prop.key === 'navigation' && model.navigation) {
      const elements = model.navigation.children.flatMap((child) => symbolsOf(child, file));
      return prop.file.path === file.path ? [propertySymbol(prop, elements, elementIcon('navigation').symbolKind)] : elements;
    }
    if (prop.file.path === file.path) return [valueSymbol(prop)];
    return prop.value.file.path === file.path ? partsOf(prop.value, file) : [];
  });
}

function propertySymbol(prop: JProperty, children: DocumentSymbol[], kind: SymbolKind, detail?: string): DocumentSymbol {
  const value = prop.value;
  // A value pulled in by `$ref` lies in another file: the symbol spans the key alone.
  const end = value.file === prop.file ? value.offset + value.length : prop.keyOffset + prop.keyLength;
  const range = rangeIn(prop.file, prop.keyOffset, end - prop.keyOffset);
  return { name: shown(prop.key), detail, kind, range, selectionRange: rangeIn(prop.file, prop.keyOffset, prop.keyLength), children };
}

/** A key and its value, as JSON: objects and lists with their parts (those written in the key's file). */
function valueSymbol(prop: JProperty): DocumentSymbol {
  const value = prop.value;
  return propertySymbol(prop, partsOf(value, prop.file), VALUE_KIND[value.type], scalarDetail(value));
}

/** The parts of a value written in `file`: none when the value itself lies in another file (`$ref`). */
function partsOf(value: JValue, file: SourceFile): DocumentSymbol[] {
  if (value.file.path !== file.path) return [];
  if (value.type === 'object') return value.props.filter((p) => p.file.path === file.path).map(valueSymbol);
  if (value.type !== 'array') return [];
  return value.items
    .filter((item) => item.file.path === file.path)
    .map((item, index) => {
      const range = rangeOfNode(item);
      return { name: itemName(item, index), detail: scalarDetail(item), kind: VALUE_KIND[item.type], range, selectionRange: range, children: partsOf(item, file) };
    });
}

function itemName(item: JValue, index: number): string {
  if (item.type !== 'object') return String(index);
  for (const key of NAME_KEYS) {
    const named = valueOf(item, key);
    if (named?.type === 'string' && named.plain.trim()) return shown(named.plain);
  }
  return String(index);
}

function scalarDetail(value: JValue): string | undefined {
  if (value.type === 'object' || value.type === 'array') return undefined;
  const text = JSON.stringify(value.plain);
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text;
}

function symbolsOf(element: NavElement, file: SourceFile): DocumentSymbol[] {
  const children = element.children.flatMap((child) => symbolsOf(child, file));
  if (element.node.file.path !== file.path) return children;
  const labelNode = element.node.type === 'object' ? valueOf(element.node, LABEL_KEY[element.kind] ?? '') : undefined;
  const range = rangeOfNode(element.node);
  const selection = labelNode && labelNode.file.path === file.path ? rangeOfNode(labelNode) : range;
  return [
    {
      name: elementName(element),
      detail: KIND_TITLE[element.kind],
      kind: elementIcon(element.kind).symbolKind,
      range,
      selectionRange: selection,
      children,
    },
  ];
}

/** What the outline and the sidebar call an element. */
export function elementName(element: NavElement): string {
  const label = element.label?.trim();
  return label ? shown(label) : `(${KIND_TITLE[element.kind]} without a name)`;
}
