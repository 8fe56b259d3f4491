// HTTP load with autocannon on 127.0.0.1, every response time kept so p50/p95/p99 are exact.
import autocannon from 'autocannon';
import { percentile } from './stats.js';

export interface LoadResult {
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  status401: number;
  errors: number;
  statusCodes: Record<string, number>;
}

export async function load(options: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  const times: number[] = [];
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    timeout: 30,
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
  );
  return {
    connections: options.connections,
    seconds: options.seconds,
    requests: times.length,
    rps: times.length / result.duration,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    non2xx: result.non2xx,
    status401: statusCodes['401'] ?? 0,
    errors: result.errors + result.timeouts,
    statusCodes,
  };
}
