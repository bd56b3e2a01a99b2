import { svgToData } from '@iconify/utils';

/*
 * How the texts the icon view offers to copy (formats.ts lists them) are
 * made, each at the size and in the colour chosen. The components and the
 * CSS are the registry's own (its documents and its Iconify CSS route);
 * the page only sets the size and colour on what the registry printed, and
 * writes the one-line usages (tags, classes, commands) itself.
 */

/** A size chosen: pixels, or undefined for the registry's own 1em. */
export type Size = number | undefined;

/** `svg` (the registry's markup) with the root's height at `size` px and its width in proportion. */
export function sizedSvg(svg: string, size: Size): string {
  if (size === undefined) return svg;
  const root = /^<svg[^>]*>/.exec(svg)?.[0] ?? '';
  const viewBox = /viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"/.exec(root);
  const ratio = viewBox ? Number(viewBox[1]) / Number(viewBox[2]) : 1;
  const width = Math.round(size * ratio * 100) / 100;
  return root.replace(/ width="[^"]*"/, ` width="${width}"`).replace(/ height="[^"]*"/, ` height="${size}"`) + svg.slice(root.length);
}

/** The registry's SVG at `size` in `colour` (undefined: currentColor, as served). */
export function svgWith(svg: string, size: Size, colour: string | undefined): string {
  const sized = sizedSvg(svg, size);
  return colour ? sized.replaceAll('currentColor', colour) : sized;
}

/**
 * A component's source (as the registry prints it) at `size` and in
 * `colour`: the 1em of its root's width and height becomes the size (in
 * proportion), currentColor the colour. Props given where it is used still
 * override both.
 */
export function componentWith(source: string, width: number, height: number, size: Size, colour: string | undefined): string {
  let text = source;
  if (size !== undefined) {
    const scaled = Math.round(((size * width) / height) * 100) / 100;
    text = text.replace(
      /width(=|: ?)(["'])([\d.]+)em\2/,
      (_, sep: string, quote: string, ems: string) => `width${sep}${quote}${ems === '1' ? size : scaled}${quote}`,
    );
    text = text.replace(/height(=|: ?)(["'])1em\2/, (_, sep: string, quote: string) => `height${sep}${quote}${size}${quote}`);
  }
  return colour ? text.replaceAll('currentColor', colour) : text;
}

/** The Iconify CSS at `size`: its 1em box becomes the size. */
export function cssWith(css: string, size: Size): string {
  return size === undefined ? css : css.replace(/(width|height): ?1em/g, (_, property: string) => `${property}: ${size}px`);
}

const attributes = (size: Size, colour: string | undefined, colourAttribute = 'color') =>
  `${size === undefined ? '' : ` width="${size}" height="${size}"`}${colour ? ` ${colourAttribute}="${colour}"` : ''}`;

/** `<iconify-icon>` (the web component). */
export function iconifyIconTag(id: string, size: Size, colour: string | undefined): string {
  const style = colour ? ` style="color: ${colour}"` : '';
  return `<iconify-icon icon="${id}"${size === undefined ? '' : ` width="${size}" height="${size}"`}${style}></iconify-icon>`;
}

/** `@iconify/react` or `@iconify/vue` usage. */
export function iconifyComponentUsage(library: 'react' | 'vue', id: string, size: Size, colour: string | undefined): string {
  const tag = `<Icon icon="${id}"${attributes(size, colour)} />`;
  return library === 'react'
    ? `import { Icon } from '@iconify/react'\n\n${tag}\n`
    : `<script setup lang="ts">\nimport { Icon } from '@iconify/vue'\n</script>\n\n<template>\n  ${tag}\n</template>\n`;
}

/** An UnoCSS (preset-icons) or Tailwind 4 (@iconify/tailwind4) class, on an element, with size and colour as utility classes. */
export function iconClass(kind: 'unocss' | 'tailwind', id: string, size: Size, colour: string | undefined): string {
  const colon = id.indexOf(':');
  const pack = id.slice(0, colon);
  const name = id.slice(colon + 1);
  const classes = [kind === 'unocss' ? `i-${pack}-${name}` : `icon-[${pack}--${name}]`];
  if (size !== undefined) classes.push(`text-[${size}px]`);
  if (colour) classes.push(`text-[${colour}]`);
  return `<span class="${classes.join(' ')}"></span>`;
}

export function dataUrl(svg: string): string {
  return svgToData(svg);
}
