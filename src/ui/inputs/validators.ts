// Field validators of the masked inputs. Each one accepts empty values (that is `required()`'s
// job). Messages are final Portuguese text: react-admin passes them through translate() with the
// text itself as the fallback, so they need no i18n key.
import type { Validator } from 'react-admin';
import { INVALID_DATE_MESSAGE, isIsoDate } from '../../../domain/dates';
import { isValidCnpj, isValidCpf } from '../../../domain/taxIds';
import { onlyDigits } from '../../../domain/formats';

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

export const validateCpf: Validator = (value) =>
  isBlank(value) || isValidCpf(value) ? undefined : 'CPF inválido';

export const validateCnpj: Validator = (value) =>
  isBlank(value) || isValidCnpj(value) ? undefined : 'CNPJ inválido';

export const validatePhone: Validator = (value) => {
  if (isBlank(value)) return undefined;
  const length = onlyDigits(String(value)).length;
  return length === 10 || length === 11
    ? undefined
    : 'Telefone incompleto: informe o DDD e o número';
};

export const validateZipCode: Validator = (value) =>
  isBlank(value) || onlyDigits(String(value)).length === 8
    ? undefined
    : 'CEP incompleto: informe os 8 dígitos';

export { INVALID_DATE_MESSAGE };

/** DateTextInput keeps what it cannot read yet (an incomplete date) as its digits. */
export const validateDate: Validator = (value) =>
  isBlank(value) || isIsoDate(value) ? undefined : INVALID_DATE_MESSAGE;

/** The caller's validators followed by the input's own. */
export function withValidator(
  validate: Validator | Validator[] | undefined,
  own: Validator,
): Validator[] {
  if (!validate) return [own];
  return Array.isArray(validate) ? [...validate, own] : [validate, own];
}
