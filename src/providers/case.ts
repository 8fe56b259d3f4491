// API keys are snake_case; the app works in camelCase (SPEC §3). Deep, for plain objects and arrays.

const toCamelKey = (key: string) =>
  key.replace(/_([a-z0-9])/g, (_, char: string) => char.toUpperCase());
const toSnakeKey = (key: string) => key.replace(/([A-Z])/g, (char) => `_${char.toLowerCase()}`);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    result[convert(key)] = convertKeys(item, convert);
  return result;
}

export function camelCaseKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, toCamelKey) as T;
}

export function snakeCaseKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, toSnakeKey) as T;
}

export { toCamelKey, toSnakeKey };

/**
 * The field messages of a refusal from /api/auth (`{errors: [...], fieldErrors: {...}}`), keyed as
 * the form's camelCase fields; null when it carries none.
 */
export function authFieldErrors<T>(error: unknown): T | null {
  const body = (error as { body?: { fieldErrors?: Record<string, string> } })?.body;
  return body?.fieldErrors ? camelCaseKeys<T>(body.fieldErrors) : null;
}
