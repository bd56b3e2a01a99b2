import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AccessPolicy } from './access-file.js';

/** What a request's Authorization header amounts to. */
export type Credentials =
  | { kind: 'none' }
  /** A header that is malformed, or whose token matches none of the file's. */
  | { kind: 'bad' }
  | { kind: 'token'; name: string; privatePacks: ReadonlySet<string> };

/** The scheme is case-insensitive (RFC 9110), so `bearer` and `BEARER` are Bearer; the token is compared as sent. */
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]{16,512}=*) *$/i;

/**
 * Checks `Authorization: Bearer <token>` against the policy: the token's
 * SHA-256 is compared with every stored hash in constant time (each one, so
 * the time does not tell which matched).
 */
export function authenticate(header: string | undefined, policy: AccessPolicy): Credentials {
  if (header === undefined) return { kind: 'none' };
  const match = BEARER.exec(header);
  if (!match) return { kind: 'bad' };
  const hash = createHash('sha256')
    .update(match[1] as string)
    .digest();
  let found: string | undefined;
  for (const [name, stored] of policy.tokens) if (timingSafeEqual(hash, stored) && found === undefined) found = name;
  if (found === undefined) return { kind: 'bad' };
  const privatePacks = new Set([...policy.packs].filter(([, names]) => names.has(found as string)).map(([pack]) => pack));
  return { kind: 'token', name: found, privatePacks };
}

/** A new token (32 bytes from the system's random source) and its line for the access file. */
export function newToken(name: string): { token: string; line: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, line: `"${name}": "sha256:${createHash('sha256').update(token).digest('hex')}"` };
}
