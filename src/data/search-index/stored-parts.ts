/**
 * Parts of a search structure that a build stores with its database, so
 * that a server reads them instead of making them again at every start: each
 * part a name and its bytes (see search_parts in the catalog's schema).
 * Typed arrays are stored as their bytes in the machine's order, which is
 * where the catalog is built and read.
 */
export type StoredParts = ReadonlyMap<string, Uint8Array>;

/** Parts named under `prefix`, as a structure's toParts gives them. */
export function partsUnder(prefix: string, parts: Record<string, Uint8Array>): Array<[string, Uint8Array]> {
  return Object.entries(parts).map(([name, bytes]) => [`${prefix}${name}`, bytes]);
}

/** The bytes of a typed array, without a copy. */
export function bytesOf(array: Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

/** A value as JSON in UTF-8 bytes. */
export function jsonBytes(value: unknown): Uint8Array {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

/** A string in UTF-8 bytes. */
export function textBytes(text: string): Uint8Array {
  return Buffer.from(text, 'utf8');
}

/** Reads the parts of one structure, each by name, failing with the missing part's name. */
export class PartReader {
  constructor(
    private readonly parts: StoredParts,
    private readonly prefix: string,
  ) {}

  private bytes(name: string): Uint8Array {
    const bytes = this.parts.get(`${this.prefix}${name}`);
    if (bytes === undefined) throw new Error(`stored search part ${this.prefix}${name} is missing`);
    return bytes;
  }

  text(name: string): string {
    return Buffer.from(this.bytes(name)).toString('utf8');
  }

  json<T>(name: string): T {
    return JSON.parse(this.text(name)) as T;
  }

  // Copied into arrays of their own: a blob read from SQLite may start at any byte, where a view of 2 or 4-byte numbers cannot.
  uint8(name: string): Uint8Array {
    return new Uint8Array(this.aligned(name, 1));
  }

  uint16(name: string): Uint16Array {
    return new Uint16Array(this.aligned(name, 2));
  }

  uint32(name: string): Uint32Array {
    return new Uint32Array(this.aligned(name, 4));
  }

  int32(name: string): Int32Array {
    return new Int32Array(this.aligned(name, 4));
  }

  float64(name: string): Float64Array {
    return new Float64Array(this.aligned(name, 8));
  }

  private aligned(name: string, size: number): ArrayBuffer {
    const bytes = this.bytes(name);
    if (bytes.byteLength % size !== 0) throw new Error(`stored search part ${this.prefix}${name} is not a whole number of ${size}-byte numbers`);
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    return copy.buffer;
  }

  /** A reader of the parts under `prefix` within these. */
  under(prefix: string): PartReader {
    return new PartReader(this.parts, `${this.prefix}${prefix}`);
  }
}
