/** How often the language server may crash before it is left stopped: 5 restarts within 3 minutes. */
export class CrashPolicy {
  private crashes: number[] = [];

  constructor(
    readonly limit = 5,
    readonly windowMs = 3 * 60_000,
  ) {}

  onCrash(now: number): { restart: boolean; crashes: number; limit: number; windowMinutes: number } {
    this.crashes = this.crashes.filter((time) => time > now - this.windowMs);
    this.crashes.push(now);
    return { restart: this.crashes.length <= this.limit, crashes: this.crashes.length, limit: this.limit, windowMinutes: this.windowMs / 60_000 };
  }

  reset(): void {
    this.crashes = [];
  }
}
