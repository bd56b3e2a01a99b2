import type { IconifyInfo, IconifyJSON } from '@iconify/types';
import { describe, expect, it } from 'vitest';
import { infoNamingRevision, infoWithOwnVersion } from '../../src/data/catalog/info-version.js';
import { preparePack } from '../../src/data/catalog/prepare-pack.js';

const info: IconifyInfo = { name: 'Sample', version: '1.4.0', author: { name: 'Someone' }, license: { title: 'MIT' }, total: 2 };
const unversioned: IconifyInfo = { name: 'Sample', author: { name: 'Someone' }, license: { title: 'MIT' }, total: 2 };

describe("the revision's name in a pack's info", () => {
  it('takes the place of the set’s own version, or comes last when the set has none', () => {
    expect(JSON.stringify(infoNamingRevision(info, 'json-2.2.1'))).toBe(
      '{"name":"Sample","version":"json-2.2.1","author":{"name":"Someone"},"license":{"title":"MIT"},"total":2}',
    );
    expect(JSON.stringify(infoNamingRevision(unversioned, 'own-20261126.101500.123'))).toBe(
      '{"name":"Sample","author":{"name":"Someone"},"license":{"title":"MIT"},"total":2,"version":"own-20261126.101500.123"}',
    );
  });

  it('gives way to the set’s own version in its place, and leaves none when the set has none', () => {
    const named: IconifyInfo = { name: 'Sample', version: 'json-2.2.1', author: { name: 'Someone' }, license: { title: 'MIT' }, total: 2 };
    expect(JSON.stringify(infoWithOwnVersion(named, '1.4.0'))).toBe(
      '{"name":"Sample","version":"1.4.0","author":{"name":"Someone"},"license":{"title":"MIT"},"total":2}',
    );
    expect(JSON.stringify(infoWithOwnVersion(named, undefined))).toBe('{"name":"Sample","author":{"name":"Someone"},"license":{"title":"MIT"},"total":2}');
  });

  it('taken back out of a prepared document, leaves the info the pack has prepared without a revision', () => {
    for (const source of [info, unversioned]) {
      const set = { prefix: 'sample', info: source, icons: { a: { body: '<path d="M0 0h1v1z"/>' }, b: { body: '<path d="M1 1h1v1z"/>' } } };
      const named = JSON.parse(preparePack(set, 'sample', true, 'json-2.2.1').document) as IconifyJSON;
      const own = JSON.parse(preparePack(set, 'sample', true).document) as IconifyJSON;
      expect(named.info?.version).toBe('json-2.2.1');
      expect(JSON.stringify(infoWithOwnVersion(named.info as IconifyInfo, source.version))).toBe(JSON.stringify(own.info));
    }
  });
});
