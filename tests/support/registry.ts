// The registry's example records (domain/resources.ts `example`) as the route tests write them.

/** The example with its first text field made distinct by `suffix` (a copy, or a change to it). */
export function exampleWith(
  example: Readonly<Record<string, unknown>>,
  suffix: string,
): Record<string, unknown> {
  const [field, value] = Object.entries(example).find(([, v]) => typeof v === 'string') ?? [];
  if (field === undefined) throw new Error('an example record needs a text field');
  return { ...example, [field]: `${String(value)} ${suffix}` };
}
