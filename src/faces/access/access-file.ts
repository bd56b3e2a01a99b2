import { isObject } from '../../util/json-object.js';
import { isValidName } from '../../util/names.js';

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
  /** Set while the access file cannot be used (see closedPolicy): no token can be checked. */
  readonly closed?: true;
}

/** A name listed for a pack that no line of "tokens" has: it reads nothing (a revoked token, or a typo). */
export interface UnknownTokenName {
  pack: string;
  name: string;
}

/** What an access file holds, and the names under "packs" that it does not define. */
export interface AccessFile {
  policy: AccessPolicy;
  unknownTokenNames: UnknownTokenName[];
}

/** An access file that cannot be used; the message says why. */
export class AccessFileError extends Error {}

/** No access file: every pack is public. */
export const EVERYTHING_PUBLIC: AccessPolicy = { packs: new Map(), tokens: new Map() };

const TOKEN_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const HASH = /^sha256:([0-9a-f]{64})$/;

/**
 * What holds while the access file cannot be read or parsed: every pack that
 * `lastGood` made private stays private, readable by nobody, and no token is
 * known. Failing closed, a broken file never makes a private pack public, nor
 * keeps a token in force that the broken edit may have meant to revoke.
 */
export function closedPolicy(lastGood: AccessPolicy): AccessPolicy {
  return { packs: new Map([...lastGood.packs.keys()].map((pack) => [pack, new Set<string>()])), tokens: new Map(), closed: true };
}

/**
 * Parses and checks an access file's text; every mistake that makes the file
 * unusable is an AccessFileError naming it. A name under "packs" that
 * "tokens" lacks is not such a mistake: deleting a token's line is how a
 * token is revoked, so that name reads nothing and the rest takes effect.
 */
export function parseAccessFile(text: string): AccessFile {
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
  const unknownTokenNames: UnknownTokenName[] = [];
  for (const [pack, names] of Object.entries(raw.packs)) {
    if (!isValidName(pack)) throw new AccessFileError(`pack id ${JSON.stringify(pack.slice(0, 80))} is not valid`);
    if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) throw new AccessFileError(`pack "${pack}" must list token names`);
    const readers = new Set<string>();
    for (const name of new Set(names)) {
      if (tokens.has(name)) readers.add(name);
      else unknownTokenNames.push({ pack, name });
    }
    packs.set(pack, readers);
  }
  return { policy: { packs, tokens }, unknownTokenNames };
}
