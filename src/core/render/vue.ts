import { decodeXML } from 'entities/decode';
import { EVENT_HANDLER, INTRINSIC_TAG } from './jsx.js';
import { type MarkupPrinter, printSvg } from './svg-walk.js';

/**
 * The SVG elements Vue's template compiler knows as native (@vue/shared's
 * SVG_TAGS). Any other name would be resolved as a component, with a
 * warning, so it is written `<component is="name">`, which renders the
 * element itself.
 */
const VUE_SVG_TAGS: ReadonlySet<string> = new Set(
  (
    'svg,animate,animateMotion,animateTransform,circle,clipPath,color-profile,defs,desc,discard,ellipse,feBlend,feColorMatrix,' +
    'feComponentTransfer,feComposite,feConvolveMatrix,feDiffuseLighting,feDisplacementMap,feDistantLight,feDropShadow,feFlood,' +
    'feFuncA,feFuncB,feFuncG,feFuncR,feGaussianBlur,feImage,feMerge,feMergeNode,feMorphology,feOffset,fePointLight,' +
    'feSpecularLighting,feSpotLight,feTile,feTurbulence,filter,foreignObject,g,hatch,hatchpath,image,line,linearGradient,marker,' +
    'mask,mesh,meshgradient,meshpatch,meshrow,metadata,mpath,path,pattern,polygon,polyline,radialGradient,rect,set,solidcolor,' +
    'stop,switch,symbol,text,textPath,title,tspan,unknown,use,view'
  ).split(','),
);
/** Attribute names a template takes as they are: not a directive (`v-`, `:`, `@`, `#`, `.`), no quote, `=`, `<` or `/`. */
const VUE_PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;
const VUE_DIRECTIVE = /^v-/;

/** An attribute value in double quotes: the template decodes entities, so these five are all that needs escaping. */
function quoted(value: string): string {
  return `"${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"`;
}

/** A JavaScript string that holds no `}}`, `<` or `&`, so that the template reads it inside `{{ }}` as it is. */
function scriptString(text: string): string {
  return JSON.stringify(text).replace(/[<>&{}]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function vueAttributes(attributes: Record<string, string>): string[] {
  const result: string[] = [];
  const bound: string[] = [];
  for (const [name, raw] of Object.entries(attributes)) {
    if (EVENT_HANDLER.test(name)) continue;
    const value = decodeXML(raw);
    if (VUE_PLAIN_NAME.test(name) && !VUE_DIRECTIVE.test(name)) result.push(`${name}=${quoted(value)}`);
    else bound.push(`${scriptString(name)}: ${scriptString(value)}`);
  }
  if (bound.length) result.push(`v-bind=${quoted(`{ ${bound.join(', ')} }`)}`);
  return result;
}

/** A Vue template: attributes as in SVG, text as string interpolations, elements holding text on one line. */
const vuePrinter: MarkupPrinter = {
  attributes: vueAttributes,
  openTag: (name) => {
    if (!INTRINSIC_TAG.test(name)) return undefined;
    return VUE_SVG_TAGS.has(name) ? name : `component is="${name}"`;
  },
  closeTag: (name) => (VUE_SVG_TAGS.has(name) ? name : 'component'),
  text: (text) => `{{ ${scriptString(text)} }}`,
  hugsText: true,
};

/**
 * A Vue 3 single-file component that renders `svg`. Its one root element
 * takes every attribute the component is given (Vue's fallthrough: class
 * and style merged, the others replacing the icon's), so callers override
 * size, colour or aria attributes. `header` (comment lines) opens the script.
 */
export function renderVueComponent(svg: string, name: string, header: readonly string[] = []): string {
  return [
    '<script setup lang="ts">',
    ...header,
    `defineOptions({ name: '${name}' })`,
    '</script>',
    '',
    '<template>',
    ...printSvg(svg, '  ', [], vuePrinter),
    '</template>',
    '',
  ].join('\n');
}
