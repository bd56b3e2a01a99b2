import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getIconData } from '@iconify/utils';
import { describe, expect, it } from 'vitest';
import { previewDrawing, rasterise } from '../../src/faces/preview/rasterise.js';
import { JobCrashed, JobProcess } from '../../src/util/job-process.js';
import { ROOT } from '../helpers/paths.js';
import { readInstalledPack } from '../helpers/sources.js';

/*
 * The process that draws previews, as the server runs it (the built
 * script): resvg aborts the process it runs in on noto:package and
 * noto:rainbow-flag (a layer of opacity wholly outside the picture), which
 * no exception catches. The job that killed it is refused with JobCrashed;
 * the jobs sent after it are drawn by the next process, byte for byte as
 * in this thread.
 */

const noto = readInstalledPack('noto');
const drawingOf = (name: string) => previewDrawing(getIconData(noto, name) ?? { body: '' }, 32);
const painter = new JobProcess<ReturnType<typeof previewDrawing>, Uint8Array>(
  pathToFileURL(join(ROOT, 'dist', 'faces', 'preview', 'preview-process.js')),
  'preview',
  1_000,
);

describe('the preview process', () => {
  it('refuses the drawing that killed it, and draws those sent after it in a new process', async () => {
    const asked = ['red-heart', 'package', 'grinning-face', 'rainbow-flag', 'dog'].map((name) =>
      painter.run(drawingOf(name)).then(
        (png) => ({ name, png: Buffer.from(png) }),
        (error: unknown) => ({ name, error }),
      ),
    );
    const answers = await Promise.all(asked);
    expect(answers.filter((answer) => 'error' in answer && answer.error instanceof JobCrashed).map(({ name }) => name)).toEqual(['package', 'rainbow-flag']);
    for (const answer of answers.filter((answer) => 'png' in answer)) {
      expect((answer as { png: Buffer }).png.equals(Buffer.from(rasterise(drawingOf(answer.name)))), answer.name).toBe(true);
    }
    expect(answers.filter((answer) => 'png' in answer).map(({ name }) => name)).toEqual(['red-heart', 'grinning-face', 'dog']);
    // And the next job is drawn as before.
    expect(Buffer.from(await painter.run(drawingOf('dog'))).equals(Buffer.from(rasterise(drawingOf('dog'))))).toBe(true);
  });
});
