/**
 * A least-recently-used cache bounded by the total size of its values in
 * bytes, so memory stays flat however many distinct keys are asked for.
 * Values larger than a quarter of the bound are never kept: one of them
 * would evict everything else.
 */
export class ByteBoundedCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
    /** Largest value kept; by default a quarter of the bound. */
    readonly maxEntryBytes = maxBytes / 4,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map keeps insertion order: re-inserting marks the entry most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    const bytes = this.sizeOf(value);
    const existing = this.entries.get(key);
    if (existing) {
      this.entries.delete(key);
      this.total -= existing.bytes;
    }
    if (bytes > this.maxEntryBytes) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
    }
  }

  /** Drops every entry whose key and value match. */
  deleteWhere(matches: (key: string, value: V) => boolean): void {
    for (const [key, entry] of this.entries) {
      if (!matches(key, entry.value)) continue;
      this.entries.delete(key);
      this.total -= entry.bytes;
    }
  }

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }
}
