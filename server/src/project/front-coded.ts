/** Every this many strings one is stored whole, so that any string is rebuilt from at most this many tails. */
const RESTART = 16;
const MAX_SHARED = 0xffff;

/**
 * A list of strings stored front coded: each keeps only the characters after those it shares with the string
 * before it, end to end in one string. Sorted paths share most of their characters with their neighbours: the
 * 126k page ids of a 100k-entry site take 1.3 MB instead of 4.7 MB.
 */
export class FrontCodedList {
  /** Each string's characters after the ones it shares with the string before it, end to end. */
  private readonly tails: string;
  /** Where each string's tail starts in `tails`, and where the last ends. */
  private readonly tailStarts: Int32Array;
  /** How many leading characters each string shares with the one before it (none at every RESTART-th one). */
  private readonly shared: Uint16Array;
  private readonly longest: number;

  constructor(strings: readonly string[]) {
    this.shared = new Uint16Array(strings.length);
    this.tailStarts = new Int32Array(strings.length + 1);
    const tails: string[] = [];
    let longest = 0;
    for (let i = 0; i < strings.length; i++) {
      const s = strings[i];
      let same = 0;
      if (i % RESTART !== 0) {
        const before = strings[i - 1];
        const most = Math.min(before.length, s.length, MAX_SHARED);
        while (same < most && before.charCodeAt(same) === s.charCodeAt(same)) same++;
      }
      this.shared[i] = same;
      tails.push(s.slice(same));
      this.tailStarts[i + 1] = this.tailStarts[i] + s.length - same;
      longest = Math.max(longest, s.length);
    }
    this.tails = tails.join('');
    this.longest = longest;
  }

  get size(): number {
    return this.shared.length;
  }

  /** Whether every string is ASCII. */
  get ascii(): boolean {
    return /^[\x00-\x7f]*$/.test(this.tails);
  }

  at(i: number): string {
    const restart = i - (i % RESTART);
    let s = this.tailOf(restart);
    for (let k = restart + 1; k <= i; k++) s = s.slice(0, this.shared[k]) + this.tailOf(k);
    return s;
  }

  /** Every string in order, each rebuilt from the one before it. */
  forEach(visit: (s: string, i: number) => void): void {
    let s = '';
    for (let i = 0; i < this.size; i++) {
      s = s.slice(0, this.shared[i]) + this.tailOf(i);
      visit(s, i);
    }
  }

  /**
   * A mark per string: whether it holds `needle`'s characters in order, ASCII capitals read as small letters when
   * `foldAscii`. One pass in order: a string's match over the characters it shares with the one before is that one's.
   */
  subsequenceMarks(needle: string, foldAscii: boolean): Uint8Array {
    const marks = new Uint8Array(this.size);
    // matched[k]: how many characters of the needle the current string's first k characters hold, in order.
    const matched = new Int32Array(this.longest + 1);
    const tails = this.tails;
    for (let i = 0; i < this.size; i++) {
      let at = this.shared[i];
      let count = matched[at];
      for (let j = this.tailStarts[i]; j < this.tailStarts[i + 1]; j++) {
        let c = tails.charCodeAt(j);
        if (foldAscii && c >= 65 && c <= 90) c += 32;
        if (count < needle.length && c === needle.charCodeAt(count)) count++;
        matched[++at] = count;
      }
      marks[i] = count === needle.length ? 1 : 0;
    }
    return marks;
  }

  private tailOf(i: number): string {
    return this.tails.slice(this.tailStarts[i], this.tailStarts[i + 1]);
  }
}
