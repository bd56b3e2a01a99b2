import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AccessFileError, closedPolicy, parseAccessFile } from '../../src/faces/access/access-file.js';
import { BadTokenLimiter } from '../../src/faces/access/bad-token-limiter.js';
import { authenticate } from '../../src/faces/access/credentials.js';
import { policyFromMessage, policyMessage } from '../../src/faces/access/policy-message.js';

const hash = (token: string) => `sha256:${createHash('sha256').update(token).digest('hex')}`;
const POLICY = parseAccessFile(
  JSON.stringify({
    packs: { acme: ['ci', 'design'], 'acme-internal': ['design'] },
    tokens: { ci: hash('ci-token-0123456789abcdef'), design: hash('design-token-0123456789abcdef') },
  }),
).policy;

describe('parseAccessFile', () => {
  it('refuses what is not a usable access file, naming the mistake', () => {
    for (const [text, message] of [
      ['{', /not JSON/],
      ['{"packs": {}}', /"packs" and "tokens"/],
      ['{"packs": {}, "tokens": {"ci": "md5:abc"}}', /token "ci" must be "sha256:"/],
      ['{"packs": {"acme": "ci"}, "tokens": {}}', /pack "acme" must list token names/],
      ['{"packs": {"Not Valid": []}, "tokens": {}}', /pack id "Not Valid" is not valid/],
    ] as const) {
      expect(() => parseAccessFile(text), text).toThrow(AccessFileError);
      expect(() => parseAccessFile(text), text).toThrow(message);
    }
  });

  it('takes a name under "packs" that "tokens" lacks (a revoked token) as reading nothing, names it, and keeps the rest of the file', () => {
    const file = parseAccessFile(
      JSON.stringify({
        packs: { acme: ['ci', 'revoked'], solo: ['revoked', 'Not A Name'] },
        tokens: { ci: hash('ci-token-0123456789abcdef') },
      }),
    );
    expect(file.policy.packs).toEqual(
      new Map([
        ['acme', new Set(['ci'])],
        ['solo', new Set()],
      ]),
    );
    expect(file.unknownTokenNames).toEqual([
      { pack: 'acme', name: 'revoked' },
      { pack: 'solo', name: 'revoked' },
      { pack: 'solo', name: 'Not A Name' },
    ]);
    expect(authenticate('Bearer ci-token-0123456789abcdef', file.policy)).toEqual({ kind: 'token', name: 'ci', privatePacks: new Set(['acme']) });
  });
});

describe('closedPolicy', () => {
  it('keeps every pack the last good file made private, readable by nobody, and knows no token', () => {
    const closed = closedPolicy(POLICY);
    expect(closed.closed).toBe(true);
    expect(closed.packs).toEqual(
      new Map([
        ['acme', new Set()],
        ['acme-internal', new Set()],
      ]),
    );
    expect(authenticate('Bearer design-token-0123456789abcdef', closed)).toEqual({ kind: 'bad' });
    // Broken again: still the packs of the last good file.
    expect(closedPolicy(closed)).toEqual(closed);
  });
});

describe('policyMessage', () => {
  it('carries a policy between processes as JSON, and nothing else is taken for one', () => {
    for (const policy of [POLICY, closedPolicy(POLICY)]) {
      expect(policyFromMessage(JSON.parse(JSON.stringify(policyMessage(policy))))).toEqual(policy);
    }
    for (const message of [{ reopenCatalog: true }, null, 'accessPolicy', { accessPolicy: null }, { accessPolicy: { packs: {}, tokens: [] } }]) {
      expect(policyFromMessage(message), JSON.stringify(message)).toBeUndefined();
    }
  });
});

describe('authenticate', () => {
  it('tells no header, a bad one and a known token apart, and gives the token the packs that name it', () => {
    expect(authenticate(undefined, POLICY)).toEqual({ kind: 'none' });
    for (const header of ['Basic abc', 'Bearer', 'Bearer unknown-token-0123456789', 'Bearerdesign-token-0123456789abcdef']) {
      expect(authenticate(header, POLICY), header).toEqual({ kind: 'bad' });
    }
    // The scheme is case-insensitive (RFC 9110), the token is not.
    for (const scheme of ['bearer', 'BEARER']) {
      expect(authenticate(`${scheme} ci-token-0123456789abcdef`, POLICY), scheme).toEqual({ kind: 'token', name: 'ci', privatePacks: new Set(['acme']) });
    }
    expect(authenticate('Bearer CI-TOKEN-0123456789ABCDEF', POLICY)).toEqual({ kind: 'bad' });
    expect(authenticate('Bearer ci-token-0123456789abcdef', POLICY)).toEqual({ kind: 'token', name: 'ci', privatePacks: new Set(['acme']) });
    expect(authenticate('Bearer design-token-0123456789abcdef', POLICY)).toEqual({
      kind: 'token',
      name: 'design',
      privatePacks: new Set(['acme', 'acme-internal']),
    });
  });
});

describe('BadTokenLimiter', () => {
  it('refuses an address after 20 bad tokens for the rest of its minute, then forgets it', () => {
    let now = 0;
    const limiter = new BadTokenLimiter(() => now);
    for (let i = 0; i < 20; i++) limiter.recordBadToken('a');
    expect(limiter.retryAfter('a')).toBe(0);
    limiter.recordBadToken('a');
    now = 15_000;
    expect(limiter.retryAfter('a')).toBe(45);
    expect(limiter.retryAfter('b')).toBe(0);
    now = 60_000;
    expect(limiter.retryAfter('a')).toBe(0);
  });
});
