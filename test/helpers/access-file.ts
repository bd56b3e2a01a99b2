import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';

/** The access file's form of a token: the SHA-256 of its text. */
export const tokenHash = (token: string) => `sha256:${createHash('sha256').update(token).digest('hex')}`;

/** Writes an access file: each private pack with the names of the tokens that may read it, and each token by name. */
export function writeAccessFile(path: string, packs: Record<string, string[]>, tokens: Record<string, string>): void {
  const hashes = Object.fromEntries(Object.entries(tokens).map(([name, token]) => [name, tokenHash(token)]));
  writeFileSync(path, JSON.stringify({ packs, tokens: hashes }));
}
