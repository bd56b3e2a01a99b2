import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { documentResource } from '../../src/core/resource.js';

describe('memoryResource: the bytes a cache keeps hold no memory but their own', () => {
  it('keeps each coding of a short document in a buffer of exactly its length, with the same bytes', () => {
    const text = JSON.stringify({ body: '<path d="M10 20v-6h4v6h5v-8h3L12 3L2 12h3v8z"/>', width: 24, height: 24 });
    // Node makes this one as a slice of its shared 8 KB pool.
    const pooled = Buffer.from(text);
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);

    const resource = documentResource(pooled, undefined);
    for (const encoding of ['identity', 'br', 'gzip'] as const) {
      const bytes = resource.bytes(encoding);
      expect(bytes.byteOffset).toBe(0);
      expect(bytes.buffer.byteLength).toBe(bytes.length);
    }
    expect(resource.bytes('identity').toString()).toBe(text);
    expect(brotliDecompressSync(resource.bytes('br')).toString()).toBe(text);
    expect(gunzipSync(resource.bytes('gzip')).toString()).toBe(text);
  });
});
