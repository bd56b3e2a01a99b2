import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';
export type CompressedEncoding = Exclude<Encoding, 'identity'>;

/**
 * Who waits for the compression: the one-time build (pack documents, stored
 * and sent many times), or a request and the export (every other document,
 * compressed on first use).
 */
export type CompressionFor = 'build' | 'request';

/**
 * Stored documents above this size get the faster brotli quality. The few
 * packs above it (fluent-emoji the largest) hold most of the catalog's
 * bytes (bench/README.md, "Compression levels"), so they set the build's compression time; below it are the
 * packs most clients fetch, where a better ratio costs the build little.
 */
const LARGE_DOCUMENT_BYTES = 8 * 1024 * 1024;

/**
 * Brotli quality 4 (6 for stored documents up to LARGE_DOCUMENT_BYTES), gzip
 * level 4: the levels where a higher one costs the one-time build far more
 * than it saves in bytes (gzip only reaches clients that cannot take br).
 * The measurements behind them are in bench/README.md ("Compression levels").
 */
export function compress(bytes: Buffer, encoding: CompressedEncoding, compressionFor: CompressionFor = 'request'): Buffer {
  if (encoding === 'gzip') return gzipSync(bytes, { level: 4 });
  const quality = compressionFor === 'build' && bytes.length <= LARGE_DOCUMENT_BYTES ? 6 : 4;
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}
