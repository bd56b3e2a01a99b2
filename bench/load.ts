import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  /** Non-2xx answers plus socket errors and timeouts. */
  failures: number;
}

export interface LoadOptions {
  label: string;
  origin: string;
  paths: string[];
  headers?: Record<string, string>;
  connections: number;
  /** Run for this long... */
  seconds?: number;
  /** ...or stop after this many requests. */
  amount?: number;
}

/** Drives `origin` with autocannon on 127.0.0.1; each connection cycles through `paths`. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.origin,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 10 }),
    requests: options.paths.map((path) => ({ method: 'GET', path, headers: options.headers })),
  });
  return {
    label: options.label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
