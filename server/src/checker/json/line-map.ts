import { doubled } from '../typed-arrays';

/** Zero-based line and character of an offset, as LSP counts them (UTF-16 code units). */
export interface Position {
  line: number;
  character: number;
}

/**
 * Where the lines of a text start. It keeps the text's length, not the text: a page's kept findings hold their line
 * map, and held the page's whole text through it (the 25,000-page synthetic site: 154 MB of page text kept).
 */
export class LineMap {
  /**
   * Where each line starts (a typed array: a 9 MB file has 300,000 lines), in 16 bits when the text is shorter than
   * 64 kB (nearly every page: the line maps the kept findings of the 25,000-page synthetic site hold took 18 MB).
   */
  private starts: Int32Array<ArrayBuffer> | Uint16Array<ArrayBuffer> = new Int32Array(1024);
  private count = 1;
  /** The text's length. */
  readonly length: number;

  constructor(text: string, shiftedFrom?: { lines: LineMap; at: number; delta: number }) {
    this.length = text.length;
    if (shiftedFrom) {
      // The same lines as another text, whose characters from `at` on moved by `delta` (an edit with no line break).
      const { lines, at, delta } = shiftedFrom;
      const starts = Int32Array.from(lines.starts.subarray(0, lines.count));
      this.count = lines.count;
      for (let i = this.count - 1; i > 0 && starts[i] > at; i--) starts[i] += delta;
      this.starts = compact(starts, this.length);
      return;
    }
    if (text.indexOf('\r') === -1) {
      // The common case, found by the engine's fast search instead of a loop over every character.
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.push(i + 1);
    } else {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 13 /* \r */) {
          if (text.charCodeAt(i + 1) === 10) i++;
          this.push(i + 1);
        } else if (c === 10 /* \n */) {
          this.push(i + 1);
        }
      }
    }
    this.starts = compact(this.starts.subarray(0, this.count), this.length);
  }

  /** The line map of `text`, made from this one: `text` is this map's text with characters from `at` on moved by `delta`, no line break added or removed. */
  shifted(text: string, at: number, delta: number): LineMap {
    return new LineMap(text, { lines: this, at, delta });
  }

  private push(start: number): void {
    if (this.count === this.starts.length) this.starts = doubled(this.starts as Int32Array<ArrayBuffer>);
    this.starts[this.count++] = start;
  }

  get lineCount(): number {
    return this.count;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.length));
    let low = 0;
    let high = this.count - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid] <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - this.starts[low] };
  }

  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.count) return this.length;
    const start = this.starts[position.line];
    const end = position.line + 1 < this.count ? this.starts[position.line + 1] : this.length;
    return Math.max(start, Math.min(start + Math.max(0, position.character), end));
  }
}

/** A copy of line starts in the smallest array that holds them: every start is at most the text's length. */
function compact(starts: Int32Array | Uint16Array, length: number): Int32Array<ArrayBuffer> | Uint16Array<ArrayBuffer> {
  return length <= 0xffff ? Uint16Array.from(starts) : Int32Array.from(starts);
}
