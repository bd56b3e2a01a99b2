/** Bad tokens an address may send in a minute before its further bad tokens get 429 instead of 401. */
export const MAX_BAD_TOKENS_PER_MINUTE = 20;
const WINDOW_MS = 60_000;
/** Addresses remembered at once, at most (oldest windows are dropped first). */
const MAX_ADDRESSES = 10_000;

/**
 * Counts bad tokens per client address in windows of a minute: after more
 * than MAX_BAD_TOKENS_PER_MINUTE, the address's bad tokens are refused (429)
 * for whatever is left of its minute. A good token is never asked about here.
 */
export class BadTokenLimiter {
  private readonly windows = new Map<string, { started: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds the address must wait, or 0 when it may go on. */
  retryAfter(address: string): number {
    const window = this.windows.get(address);
    if (!window) return 0;
    const left = window.started + WINDOW_MS - this.now();
    if (left <= 0) {
      this.windows.delete(address);
      return 0;
    }
    return window.count > MAX_BAD_TOKENS_PER_MINUTE ? Math.ceil(left / 1000) : 0;
  }

  recordBadToken(address: string): void {
    const now = this.now();
    let window = this.windows.get(address);
    if (!window || window.started + WINDOW_MS <= now) {
      this.windows.delete(address);
      if (this.windows.size >= MAX_ADDRESSES) this.windows.delete(this.windows.keys().next().value as string);
      this.windows.set(address, (window = { started: now, count: 0 }));
    }
    window.count++;
  }
}
