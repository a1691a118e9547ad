import type { JValue, SourceFile } from '../json/json-tree';
import { doubled } from '../typed-arrays';
import type { NavElement } from './nav-element';

/**
 * The element each node stands for. Elements of docs.json itself arrive in the order of their offsets, so a
 * binary search over two typed arrays finds them (a map entry per element cost 4 MB on a 100k-entry file and a
 * tenth of the model's build time); nodes of `$ref` files, and any out of order, go to a map.
 */
export class ElementsByNode {
  private offsets = new Int32Array(256);
  /** Where each of those elements stands in `elements`. */
  private indexes = new Int32Array(256);
  private count = 0;
  private readonly others = new Map<JValue, NavElement>();

  constructor(
    private readonly file: SourceFile,
    private readonly elements: readonly NavElement[],
  ) {}

  /** `index`: where the element stands in `elements`. */
  add(element: NavElement, index: number): void {
    const { node } = element;
    if (node.file !== this.file || (this.count > 0 && node.offset <= this.offsets[this.count - 1])) {
      this.others.set(node, element);
      return;
    }
    if (this.count === this.offsets.length) {
      this.offsets = doubled(this.offsets);
      this.indexes = doubled(this.indexes);
    }
    this.offsets[this.count] = node.offset;
    this.indexes[this.count++] = index;
  }

  get(node: JValue): NavElement | undefined {
    if (node.file === this.file) {
      let low = 0;
      let high = this.count - 1;
      while (low <= high) {
        const mid = (low + high) >> 1;
        const at = this.offsets[mid];
        if (at === node.offset) {
          const element = this.elements[this.indexes[mid]];
          if (element.node === node) return element;
          break;
        }
        if (at < node.offset) low = mid + 1;
        else high = mid - 1;
      }
    }
    return this.others.get(node);
  }
}
