import type { NpmRoute } from '../../core/paths.js';
import { NPM_ABBREVIATED_TYPE, type Resource } from '../../core/resource.js';
import { npmProblemResource, packumentResource, tarballResource } from '../../faces/npm/npm-registry.js';
import type { Registry } from '../../registry/registry.js';
import { JobsBusy } from '../../util/sized-job-threads.js';
import { type Answer, type AnswerOrLater, type RequestContext, resourceAnswer } from '../answer.js';

/** A packument depends on the form asked for (Accept) as well as the coding. */
const VARY_ACCEPT = { vary: 'Accept-Encoding, Accept' };

/** A host name, IPv4 address or bracketed IPv6 address, and a port: what a Host header may name. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;

/** A request target in absolute form (`GET http://host/path`): its scheme and authority. */
const ABSOLUTE_TARGET = /^(https?):\/\/([^/?#]*)/i;

/**
 * The origin the client reached the registry at: the Host header, and the
 * scheme a proxy says it received the request with (`X-Forwarded-Proto:
 * https`), plain HTTP otherwise; or, for a target in absolute form, the
 * scheme and authority it names, which the Host header does not override
 * (RFC 9112, 3.2.2). Undefined without a host that names one.
 */
function originOf(request: RequestContext): string | undefined {
  const { headers } = request;
  const absolute = ABSOLUTE_TARGET.exec(request.target);
  const host = absolute ? absolute[2] : headers.host;
  if (host === undefined || host.length > 300 || !HOST.test(host)) return undefined;
  const forwarded = headers['x-forwarded-proto']?.split(',')[0]?.trim().toLowerCase();
  const scheme = absolute ? (absolute[1] as string).toLowerCase() : forwarded === 'https' ? 'https' : 'http';
  return `${scheme}://${host}`;
}

/** Whether npm asks for the abbreviated packument it installs from. */
const wantsAbbreviated = (accept: string | undefined) => accept?.toLowerCase().includes(NPM_ABBREVIATED_TYPE) === true;

/** The answer to a resource still being made; packages refused for a full queue are a 503 to retry, in npm's form. */
function later(resource: Resource | Promise<Resource>, headers?: Readonly<Record<string, string>>): AnswerOrLater {
  if (!(resource instanceof Promise)) return resourceAnswer(resource, headers);
  return resource.then(
    (made) => resourceAnswer(made, headers),
    (error: unknown) => {
      if (!(error instanceof JobsBusy)) throw error;
      const busy = { status: 503, code: 'too_busy', detail: 'The server has too many packages to make; try again in a few seconds.' };
      return resourceAnswer(npmProblemResource(busy), { ...headers, 'retry-after': '5' });
    },
  );
}

/** `{base}/npm/@iconify-json%2f{pack}`: a pack's packument (see faces/npm/npm-registry.ts). */
export function answerNpmPackument(request: RequestContext, route: Extract<NpmRoute, { kind: 'npm-packument' }>, registry: Registry): AnswerOrLater {
  const origin = originOf(request);
  return later(packumentResource(registry, route, { origin, abbreviated: wantsAbbreviated(request.headers.accept) }), VARY_ACCEPT);
}

/** `{base}/npm/@iconify-json/{pack}/-/{pack}-{version}.tgz`: a version's tarball. */
export function answerNpmTarball(_request: RequestContext, route: Extract<NpmRoute, { kind: 'npm-tarball' }>, registry: Registry): Answer | Promise<Answer> {
  return later(tarballResource(registry, route));
}
