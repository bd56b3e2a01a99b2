import type { Registry } from '../registry/registry.js';

/**
 * A replaced registry is closed no sooner than this after the swap: a
 * margin for work that no request waits for (a request's own work, and its
 * answer to a slow client, hold the registry until they end).
 */
export const CLOSE_REPLACED_AFTER_MS = 10_000;
/**
 * Replaced registries kept open at most while requests still read them:
 * past this many (reloads coming faster than slow downloads end), the one
 * replaced first is closed at once, and what it still sends is cut, so that
 * the files a server holds open stay bounded.
 */
export const MAX_REPLACED_OPEN = 8;

/**
 * The registries reloads replaced, each closed (by `close`) once the
 * requests it answers have ended and CLOSE_REPLACED_AFTER_MS has passed
 * since it was replaced, or at once when MAX_REPLACED_OPEN newer ones wait.
 */
export class ReplacedRegistries {
  private readonly waiting = new Map<Registry, () => void>();

  constructor(private readonly close: (registry: Registry) => void) {}

  add(registry: Registry): void {
    let closed = false;
    const closeOnce = () => {
      if (closed) return;
      closed = true;
      this.waiting.delete(registry);
      this.close(registry);
    };
    this.waiting.set(registry, closeOnce);
    setTimeout(() => void registry.holders.none().then(closeOnce), CLOSE_REPLACED_AFTER_MS).unref();
    if (this.waiting.size > MAX_REPLACED_OPEN) this.waiting.values().next().value?.();
  }
}
