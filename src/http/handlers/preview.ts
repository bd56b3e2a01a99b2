import type { PreviewRoute } from '../../core/paths.js';
import type { Problem } from '../../core/problem.js';
import { PreviewsBusy } from '../../faces/preview/preview-thread-runner.js';
import { previewResource } from '../../faces/preview/preview.js';
import type { Registry } from '../../registry/registry.js';
import { type AnswerOrLater, laterResourceAnswer, problemAnswer, queryOf, type RequestContext } from '../answer.js';

const previewsBusy = (): Problem => ({
  status: 503,
  code: 'too_busy',
  detail: 'The server has too many previews waiting to be drawn; try again in a second.',
});

const previewFailed = (pack: string, name: string): Problem => ({
  status: 500,
  code: 'preview_failed',
  detail: `The icon ${pack}:${name} could not be drawn as a preview: draw its SVG.`,
});

/** `{base}/r/{pack}/{name}.png?size=`: an icon's raster preview (see faces/preview/). */
export function answerPreview(request: RequestContext, route: PreviewRoute, registry: Registry): AnswerOrLater {
  const answer = laterResourceAnswer(previewResource(registry, route, queryOf(request)));
  if (!(answer instanceof Promise)) return answer;
  return answer.catch((error: unknown) =>
    error instanceof PreviewsBusy ? problemAnswer(previewsBusy(), { 'retry-after': '1' }) : problemAnswer(previewFailed(route.pack, route.name)),
  );
}
