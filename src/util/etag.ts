import { createHash } from 'node:crypto';

/** 128 bits of SHA-256 of `bytes`, base64url: a short name for content, the same wherever it is made. */
export function digestOf(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
}

/**
 * A strong entity tag derived from the exact bytes of a representation:
 * 128 bits of SHA-256, base64url, quoted as RFC 9110 requires.
 */
export function etagOf(bytes: Buffer | string): string {
  return `"${digestOf(bytes)}"`;
}
