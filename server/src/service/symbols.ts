import { DocumentSymbol, SymbolKind } from 'vscode-languageserver-types';
import { DocsModel, ElementKind, KIND_TITLE, LABEL_KEY, NavElement, SourceFile, valueOf } from '../checker';
import { rangeOfNode } from './ranges';

const SYMBOL_KIND: Record<ElementKind, SymbolKind> = {
  navigation: SymbolKind.Namespace,
  tab: SymbolKind.Namespace,
  'menu-item': SymbolKind.EnumMember,
  anchor: SymbolKind.Key,
  'global-anchor': SymbolKind.Key,
  dropdown: SymbolKind.Enum,
  product: SymbolKind.Package,
  version: SymbolKind.Number,
  language: SymbolKind.String,
  group: SymbolKind.Module,
  page: SymbolKind.File,
  endpoint: SymbolKind.Method,
};

/** The navigation tree as an outline of one file (docs.json or a `$ref` file): elements written elsewhere are skipped, their children kept. */
export function documentSymbols(model: DocsModel, file: SourceFile): DocumentSymbol[] {
  return model.navigation ? model.navigation.children.flatMap((child) => symbolsOf(child, file)) : [];
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
      kind: SYMBOL_KIND[element.kind],
      range,
      selectionRange: selection,
      children,
    },
  ];
}

/** What the outline and the sidebar call an element. */
export function elementName(element: NavElement): string {
  const label = element.label?.trim();
  return label ? label : `(${KIND_TITLE[element.kind]} without a name)`;
}
