import type { Validator } from 'react-admin';
import type { ZodType } from 'zod';
import '../../../domain/zodMessages';
import { snakeCaseKeys, toSnakeKey } from '../../providers/case';

/**
 * A field validator from the server's zod schema (domain, snake_case keys): it checks the
 * whole form, so rules across fields apply too, and answers the message of the input's own
 * field (its `source`). The form then says what the server would say, before saving.
 * `skip`: form fields left out of the check (e.g. large images the upload input checks).
 */
export function schemaValidator(schema: ZodType, { skip = [] }: { skip?: string[] } = {}) {
  const skipped = new Set(skip);
  const validator: Validator = (_value, values, props) => {
    const field = toSnakeKey(String(props?.finalSource ?? props?.source ?? ''));
    const checked = Object.fromEntries(
      Object.entries((values ?? {}) as Record<string, unknown>).filter(
        ([key]) => !skipped.has(key),
      ),
    );
    const result = schema.safeParse(snakeCaseKeys(checked));
    if (result.success) return undefined;
    return result.error.issues.find((issue) => issue.path[0] === field)?.message;
  };
  return validator;
}
