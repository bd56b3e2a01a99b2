/** Whether an icon is drawn with fills or strokes, as the Iconify API tells them apart. */
export type IconStyle = 'fill' | 'stroke';

/** The values of every `prop="…"` attribute of a body. */
function valuesOf(body: string, prop: string): string[] {
  const chunks = body.split(`${prop}="`);
  chunks.shift();
  return chunks.map((chunk) => {
    const end = chunk.indexOf('"');
    return end > 0 ? chunk.slice(0, end) : '';
  });
}

const NO_PAINT = new Set(['', 'none', 'transparent', 'inherit']);

function paints(body: string, prop: string): boolean {
  return valuesOf(body, prop).some((value) => !NO_PAINT.has(value.toLowerCase()));
}

/**
 * The style of an icon's body, ported from the reference's getIconStyle: a
 * body that paints strokes and no fill is 'stroke', fills and no stroke
 * 'fill'; both or neither is undefined.
 */
export function iconStyleOf(body: string): IconStyle | undefined {
  const stroke = paints(body, 'stroke');
  const fill = paints(body, 'fill');
  if (stroke) return fill ? undefined : 'stroke';
  return fill ? 'fill' : undefined;
}
