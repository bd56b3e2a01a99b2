/**
 * How many hold something (a registry, for the requests it answers), and
 * who waits for the last to let go: what is replaced is closed only once
 * nothing still reads it.
 */
export class Holders {
  private count = 0;
  private waiting: Array<() => void> = [];

  take(): void {
    this.count++;
  }

  letGo(): void {
    this.count--;
    if (this.count > 0 || this.waiting.length === 0) return;
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  /** Resolves once nothing holds it: at once when nothing does. */
  none(): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}
