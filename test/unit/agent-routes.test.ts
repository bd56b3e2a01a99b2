import { describe, expect, it } from 'vitest';
import { pathOf, RESERVED_PACK_IDS } from '../../src/core/paths.js';
import { parseTarget } from '../../src/core/target.js';

/*
 * `{base}/mcp` and `{base}/llms.txt` beside the Iconify API's routes at the
 * same root: a pack may be called `mcp` or `llms`, and every route of it
 * stays its own.
 */

describe('the paths for agents', () => {
  it('are {base}/mcp and {base}/llms.txt, and parse back', () => {
    for (const basePath of ['', '/icons']) {
      expect(pathOf({ kind: 'mcp' }, basePath)).toBe(`${basePath}/mcp`);
      expect(pathOf({ kind: 'llms' }, basePath)).toBe(`${basePath}/llms.txt`);
      expect(parseTarget(`${basePath}/mcp`, basePath)).toEqual({ kind: 'mcp' });
      expect(parseTarget(`${basePath}/mcp?x=1`, basePath)).toEqual({ kind: 'mcp' });
      expect(parseTarget(`${basePath}/llms.txt`, basePath)).toEqual({ kind: 'llms' });
    }
    expect(parseTarget('/mcp', '/icons')).toMatchObject({ code: 'not_found' });
  });

  it('leave every route of a pack called mcp or llms to it, so neither id is reserved', () => {
    expect(RESERVED_PACK_IDS.has('mcp')).toBe(false);
    expect(RESERVED_PACK_IDS.has('llms')).toBe(false);
    for (const pack of ['mcp', 'llms']) {
      expect(parseTarget(`/${pack}.json?icons=home`, '')).toEqual({ kind: 'iconify-icons', prefix: pack, script: false });
      expect(parseTarget(`/${pack}.js?icons=home`, '')).toEqual({ kind: 'iconify-icons', prefix: pack, script: true });
      expect(parseTarget(`/${pack}.css?icons=home`, '')).toEqual({ kind: 'iconify-css', prefix: pack });
      expect(parseTarget(`/${pack}/icons.json?icons=home`, '')).toEqual({ kind: 'iconify-icons', prefix: pack, script: false });
      expect(parseTarget(`/${pack}/home.svg`, '')).toEqual({ kind: 'iconify-svg', prefix: pack, name: 'home' });
      expect(parseTarget(`/${pack}:home.svg`, '')).toEqual({ kind: 'iconify-svg', prefix: pack, name: 'home' });
      expect(parseTarget(`/r/${pack}.json`, '')).toEqual({ kind: 'pack', pack });
      expect(parseTarget(`/r/${pack}/home.json`, '')).toEqual({ kind: 'icon', pack, name: 'home' });
      expect(parseTarget(`/@iconify-json/${pack}/icons.json`, '')).toEqual({ kind: 'iconify-json-package', pack });
    }
    // `/llms-home.svg` is the Iconify form `{prefix}-{name}.svg` of llms:home, not llms.txt.
    expect(parseTarget('/llms-home.svg', '')).toEqual({ kind: 'iconify-svg', prefix: 'llms', name: 'home' });
  });
});
