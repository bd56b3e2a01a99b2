import { describe, expect, it } from 'vitest';
import { isWebUrl } from '../../src/data/catalog/pack-info.js';
import { metaSecurityPolicy } from '../../src/faces/page/assets.js';
import { plainText } from '../../src/core/render/plain-text.js';

describe('plainText', () => {
  it('removes terminal escape sequences whole, in their ESC and one-byte forms', () => {
    expect(plainText('Red\u001b[1;31m Icons\u001b[0m')).toBe('Red Icons');
    expect(plainText('Title\u001b]0;owned\u001b\\ set')).toBe('Title set');
    expect(plainText('Title\u009d0;owned\u009c set')).toBe('Title set');
    expect(plainText('Reset\u001bc')).toBe('Reset');
    expect(plainText('Half\u009b31m')).toBe('Half');
  });

  it('turns every other run of controls and bidirectional overrides into one space', () => {
    expect(plainText('a\r\n\tb\u0085c\u2028d')).toBe('a b c d');
    expect(plainText('\u202eevil\u202c')).toBe('evil');
    expect(plainText('x\u2066y\u2069z')).toBe('x y z');
  });

  it('leaves text without controls as it is, right-to-left marks and outer spaces included', () => {
    expect(plainText(' Ícônes \u200f')).toBe(' Ícônes \u200f');
  });
});

describe('isWebUrl', () => {
  it('accepts absolute http: and https: URLs only', () => {
    expect(isWebUrl('https://example.com/licence')).toBe(true);
    expect(isWebUrl('http://example.com')).toBe(true);
    for (const url of [
      'javascript:alert(1)',
      '  JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      '//example.com',
      '/licence',
      'mailto:a@b.c',
      42,
      null,
    ]) {
      expect(isWebUrl(url), String(url)).toBe(false);
    }
  });
});

describe('metaSecurityPolicy', () => {
  it('keeps every directive but those a meta element cannot hold', () => {
    expect(metaSecurityPolicy("default-src 'none'; frame-ancestors 'none'; sandbox; report-uri /csp; upgrade-insecure-requests")).toBe(
      "default-src 'none'; upgrade-insecure-requests",
    );
  });
});
