import { describe, expect, it } from 'vitest';
import { unsafeMarkupReason } from '../../src/data/catalog/unsafe-markup.js';
import { svgToJsx } from '../../src/core/render/jsx.js';

describe('svgToJsx', () => {
  it("maps attribute names to React's, styles to objects, and escapes text as JSX expressions", () => {
    const { lines } = svgToJsx(
      '<svg viewBox="0 0 24 24"><path fill-rule="evenodd" style="stroke-width:2;fill:red" d="M0 0"/><text>a{b}&lt;</text></svg>',
      '  ',
      ['{...props}'],
    );
    expect(lines).toEqual([
      '  <svg viewBox="0 0 24 24" {...props}>',
      '    <path fillRule="evenodd" style={{ strokeWidth: "2", fill: "red" }} d="M0 0" />',
      '    <text>',
      '      {"a{b}<"}',
      '    </text>',
      '  </svg>',
    ]);
  });

  it('stops indenting past 16 levels, so the source stays in proportion to the body', () => {
    const depth = 200;
    const { lines } = svgToJsx(`<svg>${'<g>'.repeat(depth)}<path d="M0 0"/>${'</g>'.repeat(depth)}</svg>`, '', []);
    const widest = Math.max(...lines.map((line) => line.length - line.trimStart().length));
    expect(widest).toBe(2 * 16);
  });
});

describe('unsafeMarkupReason', () => {
  it.each([
    ['<path d="M0 0"/>', undefined],
    ['<defs><path id="a" d="M0 0"/></defs><use href="#a"/>', undefined],
    ['<path fill="url(#g)" d="M0 0"/>', undefined],
    ['<path d="M0 0"/><text>a &amp; b &#60; c</text>', undefined],
    ['<script>x</script>', '<script> element'],
    ['<path onclick="x" d="M0 0"/>', 'onclick event handler'],
    ['<use href="http://x/y#a"/>', 'href to something outside the icon'],
    ['<use xlinkHref="//x/y#a"/>', 'xlinkHref to something outside the icon'],
    ['<path fill="url&lpar;//x&rpar;" d="M0 0"/>', 'entity reference &lpar; (only the five of XML and numeric ones are allowed)'],
    ['<title>&ltimg src=x&gt</title>', 'entity reference &ltimg (only the five of XML and numeric ones are allowed)'],
    ['<path style="fill:image-set(\'//x.png\' 1x)" d="M0 0"/>', 'image-loading function in style'],
    ['<path ref="x" d="M0 0"/>', 'ref, a name React reserves'],
    ['<style>h1{display:none}</style>', '<style> element (its rules would apply to the whole page)'],
  ])('%s: %s', (body, reason) => {
    expect(unsafeMarkupReason(body)).toBe(reason);
  });
});
