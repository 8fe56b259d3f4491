/** The p-th percentile (nearest rank) of `samples`, in their unit. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export const round = (value: number, digits = 1) =>
  Number.isFinite(value) ? Number(value.toFixed(digits)) : value;

/**
 * `clients` clients at once, each making `requests` calls of `run` (its index, the call's), and
 * every call's time in ms, sorted; a status outside `expected` stops the bench.
 */
export async function timedClients(
  clients: number,
  run: (client: number, i: number) => Promise<{ statusCode: number; body: string }>,
  requests: number,
  expected = [200],
): Promise<number[]> {
  const times: number[] = [];
  const client = async (_: unknown, index: number) => {
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const response = await run(index, i);
      times.push(performance.now() - started);
      if (!expected.includes(response.statusCode)) {
        throw new Error(`${response.statusCode} ${response.body}`);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return times.sort((a, b) => a - b);
}
