import type { NavigationTreeNode, TreeNodeKind } from '../../../server/src/protocol';

/**
 * The rows a tree may show open at first: sections and their groups open while they hold at most this many rows
 * in all. A site of 100 groups of 100 pages opened 10,000 rows at once, and the view took seconds to draw them.
 */
export const MAX_OPEN_ROWS = 500;

/**
 * The depth down to which rows start open: 1 (sections and their groups, as on a small site), 0 (sections only) or
 * -1 (none), the deepest that shows at most MAX_OPEN_ROWS rows. The redirects, the pages not in the navigation, the
 * other files and the API section always start folded.
 */
/** Rows after the navigation, folded at first whatever their size (thousands of redirects on some sites). */
export const STARTS_FOLDED: ReadonlySet<TreeNodeKind> = new Set(['redirects', 'orphans', 'others', 'specs']);

export function openDepth(top: readonly NavigationTreeNode[]): number {
  const sections = top.filter((node) => !STARTS_FOLDED.has(node.kind));
  const first = sections.reduce((sum, node) => sum + node.childCount, 0);
  const second = sections.reduce((sum, node) => sum + node.grandchildCount, 0);
  if (top.length + first + second <= MAX_OPEN_ROWS) return 1;
  return top.length + first <= MAX_OPEN_ROWS ? 0 : -1;
}
