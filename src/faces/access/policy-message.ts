import type { AccessPolicy } from './access-file.js';

/**
 * An access policy as a message between processes: the primary of
 * `serve --workers N` reads the access file and sends every worker what it
 * holds. Cluster messages are JSON, which keeps neither Maps nor Buffers.
 */
export interface PolicyMessage {
  accessPolicy: { packs: Array<[string, string[]]>; tokens: Array<[string, string]>; closed: boolean };
}

export function policyMessage(policy: AccessPolicy): PolicyMessage {
  return {
    accessPolicy: {
      packs: [...policy.packs].map(([pack, names]) => [pack, [...names]]),
      tokens: [...policy.tokens].map(([name, hash]) => [name, hash.toString('hex')]),
      closed: policy.closed === true,
    },
  };
}

const isStringPair = (entry: unknown): entry is [string, unknown] => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string';

/** The policy a message carries, or undefined when the message is not one. */
export function policyFromMessage(message: unknown): AccessPolicy | undefined {
  const carried = typeof message === 'object' && message !== null ? (message as Partial<PolicyMessage>).accessPolicy : undefined;
  if (typeof carried !== 'object' || carried === null) return undefined;
  const { packs, tokens, closed } = carried;
  if (!Array.isArray(packs) || !Array.isArray(tokens) || typeof closed !== 'boolean') return undefined;
  if (!packs.every((entry) => isStringPair(entry) && Array.isArray(entry[1]) && entry[1].every((name) => typeof name === 'string'))) return undefined;
  if (!tokens.every((entry) => isStringPair(entry) && typeof entry[1] === 'string')) return undefined;
  return {
    packs: new Map(packs.map(([pack, names]) => [pack, new Set(names)])),
    tokens: new Map(tokens.map(([name, hash]) => [name, Buffer.from(hash, 'hex')])),
    ...(closed ? { closed: true as const } : {}),
  };
}
