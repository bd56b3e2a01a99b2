import { describe, expect, it } from 'vitest';
import { findDangers, findDangersInReactSource } from './helpers/dangerous-markup.js';
import { hostileSvgFiles } from './helpers/hostile-svg-corpus.js';
import { readInstalledPack, referenceSvg, sampleIcons, seededRandom, servedDefaultPacks, testSeed } from './helpers/sources.js';

/*
 * The hostile-SVG pack test trusts this checker to see an attack when one is
 * there. These cases prove it can fail, and that it does not fail on the kind of
 * markup real icon sets are made of (or the pack test could not pass at all).
 */

/** Attacks written differently from the corpus files, so the checker is not tuned to one spelling. */
const INLINE_ATTACKS = [
  '<svg onload=alert(1)>',
  '<svg/onload=alert(1)>',
  '<path d="M0 0" OnClIcK="alert(1)"/>',
  '<script xlink:href="//evil.test/x.js"></script>',
  '<a xlink:href="&#x6a;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3a;alert(1)"><path d="M0 0"/></a>',
  '<a href="&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58alert(1)"><path d="M0 0"/></a>',
  '<a href="&Tab;javascript&colon;alert(1)"><path d="M0 0"/></a>',
  '<use href="https://evil.test/sprite.svg#icon"/>',
  '<use href=" data:image/svg+xml,&lt;svg id=&quot;x&quot;/&gt;#x"/>',
  '<image href="//evil.test/pixel.gif"/>',
  '<path fill="url(&quot;https://evil.test/g.svg#g&quot;)" d="M0 0"/>',
  '<path style="fill:URL( \'//evil.test/x\' )" d="M0 0"/>',
  '<style>@IMPORT "x.css";</style>',
  '<style>a{background:u\\72l(//evil.test/x)}</style>',
  '<animate attributeName="xlink:href" values="#a; https://evil.test/x.svg#a"/>',
  '<set attributeName="ONCLICK" to="alert(1)"/>',
  '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>',
  '<x:div xmlns:x="http://www.w3.org/1999/xhtml">x</x:div>',
  '<!DOCTYPE svg><path d="M0 0"/>',
  '<?xml-stylesheet href="https://evil.test/x.css"?><path d="M0 0"/>',
  '<svg><p><style><img src=x onerror=alert(1)></style></p></svg>',
  '<style>h1{display:none}</style><path d="M0 0"/>',
  '<path style="fill:image-set(\'//evil.test/x.png\' 1x)" d="M0 0"/>',
  '<use xlinkHref="//evil.test/x.svg#a"/>',
  '<path dangerouslySetInnerHTML="x" d="M0 0"/>',
];

/** Safe markup that exercises what the checker must allow: local references, gradients, masks, animation, style. */
const SAFE_DEFAULT_ICONS: Array<[string, string]> = [
  ['mdi', 'home'],
  ['fluent-emoji-flat', 'nazar-amulet'], // <use href="#...">
  ['twemoji', 'black-flag'], // repeated <use href="#...">
  ['logos', 'admob'], // linearGradient and fill="url(#...)"
  ['flagpack', 'am'], // mask, style="mask-type:luminance" and mask="url(#...)"
  ['svg-spinners', '3-dots-bounce'], // <animate> with syncbase begin values
  ['line-md', 'loading-loop'], // <animateTransform>
];

const SAFE_HANDWRITTEN = [
  '<defs><path id="a" d="M0 0h4v4H0z"/></defs><use xlink:href="#a"/><use href="#a" x="4"/>',
  '<a href="#target"><circle id="target" cx="2" cy="2" r="2"/></a>',
  '<use href="#a"><set attributeName="href" to="#b" begin="1s"/></use><animate attributeName="xlink:href" values="#a;#b" dur="1s"/>',
  '<text xml:space="preserve">Home</text>',
];

describe('findDangers', () => {
  const corpus = hostileSvgFiles();

  it('has a corpus worth the name', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(45);
  });

  it.each(corpus.map(({ file, markup }) => [file, markup]))('flags %s', (_file, markup) => {
    expect(findDangers(markup)).not.toEqual([]);
  });

  it.each(INLINE_ATTACKS)('flags %s', (markup) => {
    expect(findDangers(markup)).not.toEqual([]);
  });

  it.each(SAFE_DEFAULT_ICONS)('passes %s:%s, as body and as the reference <svg>', (pack, name) => {
    const { body, svg } = referenceSvg(readInstalledPack(pack), name);
    expect(findDangers(body)).toEqual([]);
    expect(findDangers(svg)).toEqual([]);
  });

  it.each(SAFE_HANDWRITTEN)('passes %s', (markup) => {
    expect(findDangers(markup)).toEqual([]);
  });

  // Cleaned own icons look like these; a checker that cried wolf on them would make the pack test meaningless.
  it('passes a random sample of the trusted @iconify/json catalog', () => {
    const packs = servedDefaultPacks();
    const flagged = sampleIcons(packs, 3000, seededRandom(testSeed('dangerous-markup sample'))).flatMap(([pack, name]) => {
      const { svg } = referenceSvg(packs.get(pack)!, name);
      return findDangers(svg).map((danger) => `${pack}:${name}: ${danger}`);
    });
    expect(flagged).toEqual([]);
  });
});

describe('findDangersInReactSource', () => {
  const component = (jsx: string) =>
    `import type { SVGProps } from 'react'\n\nexport function X(props: SVGProps<SVGSVGElement>) {\n  return (${jsx})\n}\n\nexport default X\n`;

  it.each([
    '<svg dangerouslySetInnerHTML={{ __html: "<path/>" }} />',
    '<svg onLoad={() => alert(1)} />',
    '<svg {...{ onClick: () => alert(1) }} />',
    '<svg><script>{"alert(1)"}</script></svg>',
    '<svg><foreignObject /></svg>',
    '<svg><a href="javascript:alert(1)" /></svg>',
    "<svg><a href={'\\u006aavascript:alert(1)'} /></svg>",
    '<svg><a href="&#106;avascript:alert(1)" /></svg>',
    '<svg><use xlinkHref="https://evil.test/x.svg#a" /></svg>',
    '<svg><use href={props.id} /></svg>',
    '<svg><path style={{ fill: "url(https://evil.test/x)" }} /></svg>',
    '<svg><style>{"@import url(x.css)"}</style></svg>',
  ])('flags %s', (jsx) => {
    expect(findDangersInReactSource(component(jsx))).not.toEqual([]);
  });

  it('passes a component with local references, gradients and a spread of props', () => {
    const jsx = `<svg xmlns="http://www.w3.org/2000/svg" width="1em" height="1em" viewBox="0 0 24 24" {...props}><defs><linearGradient id="g"><stop offset="0" stopColor="#fff" /></linearGradient><path id="a" d="M0 0h4v4H0z" /></defs><use href="#a" /><use xlinkHref="#a" x={4} /><path fill="url(#g)" style={{ maskType: 'luminance' }} d="M0 0h24v24H0z" /></svg>`;
    expect(findDangersInReactSource(component(jsx))).toEqual([]);
  });
});
