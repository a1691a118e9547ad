/** Counts events in the last `windowMs`; answers false once `limit` is reached. */
export class SlidingWindow {
  private readonly times: number[] = [];

  constructor(private readonly limit: number, private readonly windowMs: number) {}

  tryTake(now: number): boolean {
    while (this.times.length > 0 && this.times[0] <= now - this.windowMs) this.times.shift();
    if (this.times.length >= this.limit) return false;
    this.times.push(now);
    return true;
  }

  /** Milliseconds until a slot frees. */
  waitMs(now: number): number {
    return this.times.length === 0 ? 0 : Math.max(0, this.times[0] + this.windowMs - now);
  }
}
