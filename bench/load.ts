// The load generator's side of the benchmark: autocannon against the server, and the same loop
// shape against the raw driver, both reduced to the same figures (requests/s and latency
// percentiles computed from every response, so p95 is a true 95th percentile).
import autocannon from 'autocannon';

export type Figures = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** Responses by HTTP status (raw side: 'ok' and the SQLSTATE of each failure). */
  statuses: Record<string, number>;
};

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 10) / 10;
}

function figures(
  latencies: number[],
  count: number,
  seconds: number,
  errors: number,
  statuses: Record<string, number>,
): Figures {
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(count / seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    statuses,
  };
}

export type HttpLoad = {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** A fresh body for every request (writes); a GET sends none. */
  body?: () => string;
  /** A fresh path and body for every request (a write on a different record each time). */
  next?: () => { path: string; body: string };
};

/** Drives the server for `seconds` and counts every response that is not 2xx as an error. */
export async function httpLoad(load: HttpLoad): Promise<Figures> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const instance = autocannon({
    url: load.url,
    connections: load.connections,
    duration: load.seconds,
    headers: load.headers ?? {},
    ...(load.body || load.next
      ? {
          requests: [
            {
              method: load.method ?? 'POST',
              setupRequest: (request: Record<string, unknown>) => ({
                ...request,
                ...(load.next ? load.next() : { body: load.body!() }),
              }),
            },
          ],
        }
      : { method: load.method ?? 'GET' }),
  });
  // BENCH_DEBUG: when each response slower than a second came back (seconds into the step).
  const slow: string[] = [];
  instance.on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
    latencies.push(time);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (time > 1000) slow.push(`${((performance.now() - started) / 1000).toFixed(1)}s:${time}`);
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  if (process.env.BENCH_DEBUG && slow.length > 0) {
    console.log(`${load.connections} connections, ${slow.length} over 1 s: ${slow.join(' ')}`);
  }
  const failed = Object.entries(statuses)
    .filter(([status]) => Number(status) < 200 || Number(status) > 299)
    .reduce((sum, [, n]) => sum + n, 0);
  return figures(
    latencies,
    latencies.length,
    Math.max(seconds, load.seconds),
    failed + result.errors,
    statuses,
  );
}

/** The same closed loop against the driver: `connections` workers repeating `work` for `seconds`. */
export async function rawLoad(
  connections: number,
  seconds: number,
  work: () => Promise<unknown>,
): Promise<Figures> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const begun = performance.now();
        try {
          await work();
          statuses.ok = (statuses.ok ?? 0) + 1;
        } catch (error) {
          errors += 1;
          const code = String((error as { code?: unknown }).code ?? 'error');
          statuses[code] = (statuses[code] ?? 0) + 1;
        }
        latencies.push(performance.now() - begun);
      }
    }),
  );
  return figures(
    latencies,
    latencies.length,
    (performance.now() - started) / 1000,
    errors,
    statuses,
  );
}

/**
 * A fixed batch of jobs (say, one sync per feed) run by `connections` workers taking the next job
 * until none is left: requests/s is jobs per second of the whole batch, latencies are per job.
 * The same shape serves the server (HTTP calls) and the raw driver. A job that throws counts as
 * an error.
 */
export async function batchLoad(
  connections: number,
  jobs: readonly (() => Promise<unknown>)[],
): Promise<Figures & { seconds: number }> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(connections, jobs.length) }, async () => {
      while (next < jobs.length) {
        const job = jobs[next]!;
        next += 1;
        const begun = performance.now();
        try {
          await job();
          statuses.ok = (statuses.ok ?? 0) + 1;
        } catch (error) {
          errors += 1;
          const code = String((error as { code?: unknown }).code ?? (error as Error).message);
          statuses[code] = (statuses[code] ?? 0) + 1;
        }
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    ...figures(latencies, latencies.length, seconds, errors, statuses),
    // Jobs per second of a short batch: two decimals, not rounded to a whole number.
    rps: Math.round((jobs.length / seconds) * 100) / 100,
    seconds: Math.round(seconds * 100) / 100,
  };
}
