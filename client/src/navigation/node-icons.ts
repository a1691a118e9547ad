import * as vscode from 'vscode';
import type { ElementKind } from '../../../server/src/lsp/protocol-extensions';

export { KIND_TITLE as KIND_LABEL } from '../../../server/src/checker/model/element-kinds';

const KIND_ICON: Record<ElementKind, string> = {
  navigation: 'list-tree',
  tab: 'layout-panel-left',
  'menu-item': 'menu',
  anchor: 'pinned',
  'global-anchor': 'link-external',
  dropdown: 'chevron-down',
  product: 'package',
  version: 'versions',
  language: 'globe',
  group: 'folder',
  page: 'file',
  endpoint: 'symbol-method',
};

/** The kind's icon; red when the element has problems, dimmed for a page or endpoint with no file behind it. */
export function iconFor(kind: ElementKind, hasProblems: boolean, hasTarget: boolean): vscode.ThemeIcon {
  if (hasProblems) return new vscode.ThemeIcon(KIND_ICON[kind], new vscode.ThemeColor('list.errorForeground'));
  if ((kind === 'page' || kind === 'endpoint') && !hasTarget) return new vscode.ThemeIcon(KIND_ICON[kind], new vscode.ThemeColor('disabledForeground'));
  return new vscode.ThemeIcon(KIND_ICON[kind]);
}
