import type { JValue, SourceFile } from '../json/json-tree';
import type { NavElement } from './docs-model';

/**
 * The element each node stands for. Elements of docs.json itself arrive in the order of their offsets, so a
 * binary search finds them without a map entry per element (on a 100k-entry file the map cost 4 MB and a
 * tenth of the model's build time); nodes of `$ref` files, and any out of order, go to a map.
 */
export class ElementsByNode {
  private readonly offsets: number[] = [];
  private readonly inOrder: NavElement[] = [];
  private readonly others = new Map<JValue, NavElement>();

  constructor(private readonly file: SourceFile) {}

  add(element: NavElement): void {
    const { node } = element;
    const last = this.offsets.length - 1;
    if (node.file === this.file && (last < 0 || node.offset > this.offsets[last])) {
      this.offsets.push(node.offset);
      this.inOrder.push(element);
    } else {
      this.others.set(node, element);
    }
  }

  get(node: JValue): NavElement | undefined {
    if (node.file === this.file) {
      const offsets = this.offsets;
      let low = 0;
      let high = offsets.length - 1;
      while (low <= high) {
        const mid = (low + high) >> 1;
        const at = offsets[mid];
        if (at === node.offset) {
          if (this.inOrder[mid].node === node) return this.inOrder[mid];
          break;
        }
        if (at < node.offset) low = mid + 1;
        else high = mid - 1;
      }
    }
    return this.others.get(node);
  }
}
