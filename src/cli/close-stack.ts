/**
 * What a command has opened, closed in one place: last opened first, each
 * once, every one of them even when one before it fails (the first failure
 * is thrown once all have run).
 */
export class CloseStack {
  readonly #closers: Array<() => unknown> = [];

  /** Adds what closes one resource: it runs before those added earlier. */
  defer(close: () => unknown): void {
    this.#closers.push(close);
  }

  async close(): Promise<void> {
    const failures: unknown[] = [];
    for (let close = this.#closers.pop(); close; close = this.#closers.pop()) {
      try {
        await close();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw failures[0];
  }
}
