import { describe, expect, it } from 'vitest';
import { isEmptyShape, SHAPE_BYTES, shapeOfDocument, shapesOf } from '../../src/data/search-index/shape.js';
import { previewDrawing, rasterise } from '../../src/faces/preview/rasterise.js';
import { pastedShapeOf } from '../../src/registry/pasted-svg.js';

/*
 * resvg aborts the whole process, rather than throw, on a NUL where an
 * attribute's value begins. Markup holding a character XML forbids is never
 * given to it: a pasted SVG is refused, an icon's body gets no shape and no
 * preview. Were any of them drawn, this file's process would die.
 */

const ABORTING = '<g a=\u0000></g>';
const SQUARE = '<path d="M2 2h20v20H2z"/>';

describe('markup holding a character XML forbids', () => {
  it('is refused as a pasted SVG, with a problem naming the control character', () => {
    expect(pastedShapeOf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${ABORTING}${SQUARE}</svg>`)).toMatchObject({
      status: 400,
      detail: 'The svg parameter holds a control character, which XML does not allow.',
    });
    expect(shapeOfDocument(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${SQUARE}\u0001</svg>`)).toBeUndefined();
  });

  it('gives an icon no shape, and its sheet-mates theirs', () => {
    const box = { left: 0, top: 0, width: 24, height: 24 };
    const shapes = shapesOf([
      { body: SQUARE, ...box },
      { body: `${ABORTING}${SQUARE}`, ...box },
      { body: SQUARE, ...box },
    ]);
    expect([0, 1, 2].map((at) => isEmptyShape(shapes, at))).toEqual([false, true, false]);
    expect(shapes.subarray(0, SHAPE_BYTES)).toEqual(shapes.subarray(2 * SHAPE_BYTES, 3 * SHAPE_BYTES));
  });

  it('gives an icon no preview: drawing it throws', () => {
    expect(() => rasterise(previewDrawing({ body: `${ABORTING}${SQUARE}`, width: 24, height: 24 }, 24))).toThrow(
      'the body holds a character XML does not allow',
    );
    expect(rasterise(previewDrawing({ body: SQUARE, width: 24, height: 24 }, 24)).length).toBeGreaterThan(0);
  });
});
