// One icon per kind of navigation element, for the outline (a symbol kind) and the Docs view (that symbol kind's
// codicon and color): the two show the same picture for the same element (the redirects too: a list of objects). Shared with the VS Code client through
// the protocol module (index.ts).
import { SymbolKind } from 'vscode-languageserver-types';
import type { TreeNodeKind } from './tree-node-kinds';

/** Symbol kinds, with the codicon VS Code draws for each. */
const SYMBOL = {
  File: { kind: SymbolKind.File, codicon: 'symbol-file' },
  Class: { kind: SymbolKind.Class, codicon: 'symbol-class' },
  Object: { kind: SymbolKind.Object, codicon: 'symbol-object' },
  Method: { kind: SymbolKind.Method, codicon: 'symbol-method' },
  Enum: { kind: SymbolKind.Enum, codicon: 'symbol-enum' },
  Interface: { kind: SymbolKind.Interface, codicon: 'symbol-interface' },
  Constant: { kind: SymbolKind.Constant, codicon: 'symbol-constant' },
  Number: { kind: SymbolKind.Number, codicon: 'symbol-number' },
  Array: { kind: SymbolKind.Array, codicon: 'symbol-array' },
  EnumMember: { kind: SymbolKind.EnumMember, codicon: 'symbol-enum-member' },
  Struct: { kind: SymbolKind.Struct, codicon: 'symbol-structure' },
  Event: { kind: SymbolKind.Event, codicon: 'symbol-event' },
  TypeParameter: { kind: SymbolKind.TypeParameter, codicon: 'symbol-type-parameter' },
} as const;

export interface ElementIcon {
  /** The LSP SymbolKind of the outline. */
  symbolKind: SymbolKind;
  /** The codicon VS Code draws for that symbol kind (`$(symbol-class)`), for the Docs view. */
  codicon: string;
  /** The theme color of that symbol kind's icon (`symbolIcon.classForeground`). */
  color: string;
}

/**
 * Not String (`abc`) for languages nor Namespace/Module (`{}`) for tabs and groups: the outline showed those and
 * read as JSON types, not as parts of a site.
 */
const ICON_OF: Record<TreeNodeKind, keyof typeof SYMBOL> = {
  navigation: 'Struct',
  tab: 'Class',
  'menu-item': 'EnumMember',
  anchor: 'Interface',
  'global-anchor': 'Event',
  dropdown: 'Enum',
  product: 'Constant',
  version: 'Number',
  language: 'TypeParameter',
  group: 'Array',
  page: 'File',
  endpoint: 'Method',
  redirects: 'Array',
  redirect: 'Object',
  orphans: 'Array',
  orphan: 'File',
  others: 'Array',
  other: 'File',
  specs: 'Array',
  spec: 'File',
  operation: 'Method',
};

export function elementIcon(kind: TreeNodeKind): ElementIcon {
  const symbol = SYMBOL[ICON_OF[kind]];
  // `symbol-structure` is drawn in the color of `struct`, `symbol-type-parameter` in that of `typeParameter`.
  const colorName = symbol.codicon.slice('symbol-'.length).replace('structure', 'struct').replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  return { symbolKind: symbol.kind, codicon: symbol.codicon, color: `symbolIcon.${colorName}Foreground` };
}
