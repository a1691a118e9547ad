import * as vscode from 'vscode';
import { elementIcon, type TreeNodeKind } from '../../../server/src/protocol';

export { TREE_NODE_TITLE as KIND_LABEL } from '../../../server/src/protocol';

/**
 * The kind's icon, the one the outline shows for it (`elementIcon`, shared with the server); red when the element
 * has problems, dimmed for a page or endpoint with no file behind it.
 */
export function iconFor(kind: TreeNodeKind, hasProblems: boolean, hasTarget: boolean): vscode.ThemeIcon {
  const icon = elementIcon(kind);
  if (hasProblems) return new vscode.ThemeIcon(icon.codicon, new vscode.ThemeColor('list.errorForeground'));
  if ((kind === 'page' || kind === 'endpoint') && !hasTarget) return new vscode.ThemeIcon(icon.codicon, new vscode.ThemeColor('disabledForeground'));
  return new vscode.ThemeIcon(icon.codicon, new vscode.ThemeColor(icon.color));
}
