import { describe, expect, it } from 'vitest';
import type { CacheKey } from '../../src/registry/registry-caches.js';
import { RegistryCaches } from '../../src/registry/registry-caches.js';
import { documentResource } from '../../src/core/resource.js';

const doc = (text: string) => documentResource(Buffer.from(text), undefined);
const inDatabase = (database: number, pack: string, what: string): CacheKey => ({ owner: { database, pack }, what });
const ofRegistry = (registry: number, what: string): CacheKey => ({ owner: { registry }, what });

describe('RegistryCaches: what drops what is said by the owner of each key', () => {
  it('forgets what was read from closed databases, documents and misses, and keeps the rest', () => {
    const caches = new RegistryCaches(1024 * 1024);
    caches.documents.set(inDatabase(1, 'mdi', 'icon home'), doc('default'));
    caches.documents.set(inDatabase(2, 'acme', 'icon home'), doc('own'));
    caches.documents.set(inDatabase(12, 'acme', 'icon home'), doc('own, later database'));
    caches.documents.set(ofRegistry(2, 'iconify /collections'), doc('lists'));
    caches.misses.set(inDatabase(2, 'acme', 'miss hoem'), { status: 404, code: 'icon_not_found', detail: 'x' });
    caches.misses.set(inDatabase(1, 'mdi', 'miss hoem'), { status: 404, code: 'icon_not_found', detail: 'y' });
    caches.forgetDatabases([2]);
    expect(caches.documents.get(inDatabase(2, 'acme', 'icon home'))).toBeUndefined();
    expect(caches.misses.get(inDatabase(2, 'acme', 'miss hoem'))).toBeUndefined();
    // Serial 12 is not serial 2, though its spelling starts alike; a registry numbered 2 is no database.
    expect(
      caches.documents
        .get(inDatabase(12, 'acme', 'icon home'))
        ?.bytes('identity')
        .toString(),
    ).toBe('own, later database');
    expect(caches.documents.get(ofRegistry(2, 'iconify /collections'))?.bytes('identity').toString()).toBe('lists');
    expect(
      caches.documents
        .get(inDatabase(1, 'mdi', 'icon home'))
        ?.bytes('identity')
        .toString(),
    ).toBe('default');
    expect(caches.misses.get(inDatabase(1, 'mdi', 'miss hoem'))?.detail).toBe('y');
  });

  it('forgets what a replaced registry kept of all its packs, and nothing of another registry or of any pack', () => {
    const caches = new RegistryCaches(1024 * 1024);
    caches.documents.set(ofRegistry(3, 'iconify /collections'), doc('old'));
    caches.documents.set(ofRegistry(4, 'iconify /collections'), doc('new'));
    caches.documents.set(inDatabase(3, 'mdi', 'pack'), doc('pack'));
    caches.forgetRegistry(3);
    expect(caches.documents.get(ofRegistry(3, 'iconify /collections'))).toBeUndefined();
    expect(caches.documents.get(ofRegistry(4, 'iconify /collections'))?.bytes('identity').toString()).toBe('new');
    expect(
      caches.documents
        .get(inDatabase(3, 'mdi', 'pack'))
        ?.bytes('identity')
        .toString(),
    ).toBe('pack');
  });

  it('tells keys apart by owner and what, however the what is spelt', () => {
    const caches = new RegistryCaches(1024 * 1024);
    caches.documents.set(inDatabase(1, 'mdi', 'iconify /mdi.json?icons=home x'), doc('a'));
    caches.documents.set(ofRegistry(1, 'mdi iconify /mdi.json?icons=home x'), doc('b'));
    expect(
      caches.documents
        .get(inDatabase(1, 'mdi', 'iconify /mdi.json?icons=home x'))
        ?.bytes('identity')
        .toString(),
    ).toBe('a');
    expect(caches.documents.get(ofRegistry(1, 'mdi iconify /mdi.json?icons=home x'))?.bytes('identity').toString()).toBe('b');
    expect(caches.documents.get(inDatabase(1, 'mdi', 'iconify /mdi.json?icons=home'))).toBeUndefined();
  });

  it('holds one making per key until it settles', async () => {
    const caches = new RegistryCaches(1024 * 1024);
    const key = ofRegistry(1, 'iconify /search?query=home');
    let finish: (resource: ReturnType<typeof doc>) => void = () => undefined;
    const making = caches.startMaking(key, new Promise((resolve) => (finish = resolve)));
    expect(caches.making(key)).toBe(making);
    expect(caches.making(ofRegistry(2, 'iconify /search?query=home'))).toBeUndefined();
    finish(doc('found'));
    await making;
    expect(caches.making(key)).toBeUndefined();
  });
});
