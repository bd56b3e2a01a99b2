import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bundleQueryOf } from '../../src/faces/bundle/bundle-query.js';
import { prefixIds } from '../../src/core/render/sprite.js';
import { zipBytes } from '../../src/core/render/zip.js';

describe('prefixIds', () => {
  it('prefixes every id a body declares and every reference to it, and nothing else', () => {
    const body =
      '<defs><linearGradient id="a"/><clipPath id="a.b"/></defs><path fill="url(#a)" clip-path="url(#a.b)" d="M1.5 2"/>' +
      '<use href="#a"/><use xlink:href="#a"/><animate id="x" begin="0;x.end" values="a;b"/><text>#a</text>';
    expect(prefixIds(body, 'noto-rocket')).toBe(
      '<defs><linearGradient id="noto-rocket--a"/><clipPath id="noto-rocket--a.b"/></defs><path fill="url(#noto-rocket--a)" clip-path="url(#noto-rocket--a.b)" d="M1.5 2"/>' +
        '<use href="#noto-rocket--a"/><use xlink:href="#noto-rocket--a"/><animate id="noto-rocket--x" begin="0;noto-rocket--x.end" values="a;b"/><text>#a</text>',
    );
  });

  it('leaves a body without ids as it is', () => {
    const body = '<path fill="currentColor" d="M10 20v-6h4v6h5v-8h3L12 3L2 12h3v8z"/>';
    expect(prefixIds(body, 'mdi-home')).toBe(body);
  });
});

describe('zipBytes', () => {
  it('gives the same bytes in every time zone, with the UTC date of the pack as the files date', () => {
    const entries = [{ path: 'mdi/home.svg', bytes: Buffer.from('<svg/>'), modified: Date.UTC(2025, 0, 20, 23, 30, 10) / 1000 }];
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'UTC';
      const utc = zipBytes(entries);
      process.env.TZ = 'Pacific/Kiritimati';
      const ahead = zipBytes(entries);
      expect(ahead.equals(utc)).toBe(true);
      // The DOS date and time of the local header (offsets 10 and 12): 2025-01-20 23:30:10.
      expect(utc.readUInt16LE(10)).toBe((23 << 11) | (30 << 5) | 5);
      expect(utc.readUInt16LE(12)).toBe(((2025 - 1980) << 9) | (1 << 5) | 20);
      expect(Buffer.from(unzipSync(new Uint8Array(utc))['mdi/home.svg'] as Uint8Array).toString()).toBe('<svg/>');
    } finally {
      // Put back as it was: assigning undefined would set the text "undefined" for the files that run next in this worker.
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('is an empty archive for no files, and takes a date before 1980 as its first day', () => {
    expect(Object.keys(unzipSync(new Uint8Array(zipBytes([]))))).toEqual([]);
    const old = zipBytes([{ path: 'a.svg', bytes: Buffer.from('x'), modified: 0 }]);
    expect(old.readUInt16LE(12)).toBe((0 << 9) | (1 << 5) | 1);
  });
});

describe('bundleQueryOf', () => {
  it('sorts the ids and takes each once, across icons parameters and encoded commas', () => {
    const query = bundleQueryOf(new URLSearchParams('icons=mdi:home%2Clucide:trash,mdi:home&icons=lucide:a,,'), 'zip');
    expect(query).toEqual({
      format: 'zip',
      files: 'svg',
      ids: [
        { pack: 'lucide', name: 'a' },
        { pack: 'lucide', name: 'trash' },
        { pack: 'mdi', name: 'home' },
      ],
    });
  });
});
