import { isValidName } from '../names.js';

/**
 * Who may read which private packs, from the access file:
 * `{"packs": {"acme": ["ci", "design"]}, "tokens": {"ci": "sha256:<hex>"}}`.
 * A pack listed under `packs` is private; tokens are kept only as hashes.
 */
export interface AccessPolicy {
  /** Each private pack and the names of the tokens that may read it. */
  readonly packs: ReadonlyMap<string, ReadonlySet<string>>;
  /** Each token's name and the SHA-256 of the token. */
  readonly tokens: ReadonlyMap<string, Buffer>;
}

/** An access file that cannot be used; the message says why. */
export class AccessFileError extends Error {}

/** No access file: every pack is public. */
export const EVERYTHING_PUBLIC: AccessPolicy = { packs: new Map(), tokens: new Map() };

const TOKEN_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const HASH = /^sha256:([0-9a-f]{64})$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses and checks an access file's text; every mistake is an AccessFileError naming it. */
export function parseAccessFile(text: string): AccessPolicy {
  let raw: unknown;
  try {
    raw = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new AccessFileError(`not JSON: ${(error as Error).message}`);
  }
  if (!isObject(raw) || !isObject(raw.packs) || !isObject(raw.tokens)) throw new AccessFileError('expected an object with "packs" and "tokens" objects');
  const tokens = new Map<string, Buffer>();
  for (const [name, value] of Object.entries(raw.tokens)) {
    if (!TOKEN_NAME.test(name)) throw new AccessFileError(`token name ${JSON.stringify(name.slice(0, 80))} is not valid`);
    const hash = typeof value === 'string' ? HASH.exec(value) : null;
    if (!hash) throw new AccessFileError(`token "${name}" must be "sha256:" and 64 hex digits`);
    tokens.set(name, Buffer.from(hash[1] as string, 'hex'));
  }
  const packs = new Map<string, Set<string>>();
  for (const [pack, names] of Object.entries(raw.packs)) {
    if (!isValidName(pack)) throw new AccessFileError(`pack id ${JSON.stringify(pack.slice(0, 80))} is not valid`);
    if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) throw new AccessFileError(`pack "${pack}" must list token names`);
    const unknown = names.find((name) => !tokens.has(name));
    if (unknown !== undefined) throw new AccessFileError(`pack "${pack}" names the unknown token "${unknown}"`);
    packs.set(pack, new Set(names));
  }
  return { packs, tokens };
}
