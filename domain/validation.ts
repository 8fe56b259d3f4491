import type { z } from 'zod';
import './zodMessages';

/** Turns a zod error into one Portuguese message per field (the first issue of each). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    errors[field] ??= issue.message;
  }
  return errors;
}
