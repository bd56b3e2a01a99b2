import type { PreviewRoute } from '../../core/paths.js';
import type { Problem } from '../../core/problem.js';
import type { Resource } from '../../core/resource.js';
import { PreviewsBusy } from '../../faces/preview/preview-painter.js';
import { previewResource, previewsResource } from '../../faces/preview/preview.js';
import type { Registry } from '../../registry/registry.js';
import { type AnswerOrLater, laterResourceAnswer, problemAnswer, queryOf, type RequestContext } from '../answer.js';

const previewsBusy = (): Problem => ({
  status: 503,
  code: 'too_busy',
  detail: 'The server has too many previews waiting to be drawn; try again in a second.',
});

const previewFailed = (what: string): Problem => ({
  status: 500,
  code: 'preview_failed',
  detail: `${what} could not be drawn as a preview: draw its SVG.`,
});

/** A preview's answer, or the problem of a preview that could not be drawn now. */
function previewAnswer(resource: Resource | Promise<Resource>, what: string): AnswerOrLater {
  const answer = laterResourceAnswer(resource);
  if (!(answer instanceof Promise)) return answer;
  return answer.catch((error: unknown) =>
    error instanceof PreviewsBusy ? problemAnswer(previewsBusy(), { 'retry-after': '1' }) : problemAnswer(previewFailed(what)),
  );
}

/** `{base}/r/{pack}/{name}.png?size=` and `{base}/r/previews.json?icons=&size=`: raster previews (see faces/preview/). */
export function answerPreview(request: RequestContext, route: PreviewRoute, registry: Registry): AnswerOrLater {
  if (route.kind === 'previews') return previewAnswer(previewsResource(registry, queryOf(request)), 'A list of previews');
  return previewAnswer(previewResource(registry, route, queryOf(request)), `The icon ${route.pack}:${route.name}`);
}
