import type { Problem } from '../../core/problem.js';
import type { Registry } from '../../registry/registry.js';
import { isProblem, parseTarget } from '../../core/target.js';
import { type AccessPolicy, EVERYTHING_PUBLIC } from './access-file.js';
import { BadTokenLimiter, MAX_BAD_TOKENS_PER_MINUTE } from './bad-token-limiter.js';
import { authenticate } from './credentials.js';

/** How a request may see the registry: through `registry`, which serves the public packs and `privatePacks`. */
export interface View {
  registry: Registry;
  /** The private packs this request may read (none without a valid token). */
  privatePacks: ReadonlySet<string>;
  /** The name of the token that was used, for the log (never the token). */
  tokenName?: string;
}

const NONE: ReadonlySet<string> = new Set();

/** What the access layer reads of a request: it knows nothing else of HTTP. */
export interface AccessRequest {
  /** The request target as received, to tell which pack an answer is about. */
  readonly target: string;
  /** The client's address, for the limit on bad tokens. */
  readonly address: string;
  readonly headers: { readonly authorization?: string };
}

/** A request refused before any route is answered: the problem, and headers of its own (Retry-After, WWW-Authenticate). */
export interface Refusal {
  refused: Problem;
  headers?: Readonly<Record<string, string>>;
}

/** What markIfPrivate reads and marks of an answer. */
interface Marked {
  status: number;
  headers?: Readonly<Record<string, string>>;
}

/** The headers of an answer that depends on who asked: no shared cache may keep it. */
const PRIVATE = { 'cache-control': 'private, no-store' };

/**
 * Private packs behind tokens. Without a valid token a private pack does not
 * exist on any route: each request is answered by a view of the registry
 * (the same Registry class, built with `onlyPacks`) that holds only the
 * packs it may read, so every route, present and future, sees the same
 * packs. Views share the registry's caches, keyed by database and pack, so
 * a private document is reached only through a view that holds its pack.
 */
export class AccessControl {
  private policy: AccessPolicy;
  /** Views of each registry, by the private packs they add ('' for the public one). */
  private views = new WeakMap<Registry, Map<string, Registry>>();
  private readonly limiter = new BadTokenLimiter();

  constructor(policy: AccessPolicy = EVERYTHING_PUBLIC) {
    this.policy = policy;
  }

  /** Takes a re-read access file (or the closed policy of a broken one) into force for every later request. */
  replace(policy: AccessPolicy): void {
    this.policy = policy;
    this.views = new WeakMap();
  }

  /** The view of `registry` this request may see, or the problem that refuses it (401, 429, 503). */
  viewFor(request: AccessRequest, registry: Registry): View | Refusal {
    const header = request.headers.authorization;
    if (header !== undefined && this.policy.closed) {
      // Not the client's fault, so neither 401 (its token may be good) nor a count against its address.
      return { refused: { status: 503, code: 'tokens_unavailable', detail: 'Tokens cannot be checked at the moment: try again later.' } };
    }
    const credentials = authenticate(header, this.policy);
    if (credentials.kind === 'bad') {
      // Only failing attempts are refused: whoever shares the address (a NAT, a proxy, a CI runner) keeps a good token working.
      const wait = this.limiter.retryAfter(request.address);
      if (wait > 0) {
        return {
          refused: {
            status: 429,
            code: 'too_many_bad_tokens',
            detail: `More than ${MAX_BAD_TOKENS_PER_MINUTE} bad tokens came from this address within a minute.`,
          },
          headers: { 'retry-after': String(wait) },
        };
      }
      this.limiter.recordBadToken(request.address);
      return {
        refused: {
          status: 401,
          code: 'invalid_token',
          detail: 'The Authorization header is not "Bearer <token>" with a token this registry knows: check the token.',
        },
        headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
      };
    }
    const privatePacks = credentials.kind === 'token' ? credentials.privatePacks : NONE;
    return { registry: this.view(registry, privatePacks), privatePacks, tokenName: credentials.kind === 'token' ? credentials.name : undefined };
  }

  /**
   * An answer that depends on the token goes out `private, no-store`: one
   * about a private pack, a list of packs, or a problem (its suggestions may
   * name a private pack), from a view with private packs. A document of a
   * public pack stays cacheable, token or not.
   */
  markIfPrivate<A extends Marked>(answer: A, request: AccessRequest, view: View): A {
    if (view.privatePacks.size === 0) return answer;
    if (answer.status >= 300) return { ...answer, headers: { ...answer.headers, ...PRIVATE } };
    const route = parseTarget(request.target, view.registry.basePath);
    const pack = isProblem(route) ? undefined : 'pack' in route ? route.pack : 'prefix' in route ? route.prefix : undefined;
    const dependsOnToken = isProblem(route) ? false : pack === undefined ? route.kind !== 'health' : view.privatePacks.has(pack);
    return dependsOnToken ? { ...answer, headers: { ...answer.headers, ...PRIVATE } } : answer;
  }

  private view(registry: Registry, privatePacks: ReadonlySet<string>): Registry {
    if (this.policy.packs.size === 0) return registry;
    let views = this.views.get(registry);
    if (!views) this.views.set(registry, (views = new Map()));
    const key = [...privatePacks].sort().join(',');
    let view = views.get(key);
    if (!view) {
      const visible = new Set([...registry.packs.keys()].filter((pack) => !this.policy.packs.has(pack) || privatePacks.has(pack)));
      views.set(key, (view = registry.view(visible, privatePacks)));
    }
    return view;
  }
}
