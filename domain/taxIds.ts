// Brazilian taxpayer documents: CPF (people) and CNPJ (entities).
// Pure module, shared by the browser and the server.

const CPF_PATTERN = /^\d{11}$/;
// Since July 2026 the first 12 positions of a CNPJ may be letters (Receita Federal, IN 2.229/2024).
const CNPJ_PATTERN = /^[0-9A-Z]{12}\d{2}$/;

/** Digits of a CPF, punctuation and spaces removed. */
export function normalizeCpf(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  return String(value).replace(/\D/g, '');
}

/** Letters and digits of a CNPJ, uppercase, punctuation and spaces removed. */
export function normalizeCnpj(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  return String(value)
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
}

function allSame(value: string): boolean {
  return value.split('').every((char) => char === value[0]);
}

/** CPF check digit for the first `length` digits (weights length+1 down to 2). */
function cpfCheckDigit(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

export function isValidCpf(value: unknown): boolean {
  const cpf = normalizeCpf(value);
  if (!CPF_PATTERN.test(cpf) || allSame(cpf)) return false;
  return cpfCheckDigit(cpf, 9) === Number(cpf[9]) && cpfCheckDigit(cpf, 10) === Number(cpf[10]);
}

/** Value of a CNPJ position: ASCII code minus 48, so '0'-'9' are 0-9 and 'A'-'Z' are 17-42. */
function cnpjCharValue(char: string): number {
  return char.charCodeAt(0) - 48;
}

/** CNPJ check digit for the first `length` positions (weights 2..9 cycling from the right). */
function cnpjCheckDigit(cnpj: string, length: number): number {
  let sum = 0;
  let weight = 2;
  for (let i = length - 1; i >= 0; i--) {
    sum += cnpjCharValue(cnpj[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Numeric or alphanumeric CNPJ, punctuation allowed, letters in any case. */
export function isValidCnpj(value: unknown): boolean {
  const cnpj = normalizeCnpj(value);
  if (!CNPJ_PATTERN.test(cnpj) || allSame(cnpj)) return false;
  return (
    cnpjCheckDigit(cnpj, 12) === Number(cnpj[12]) && cnpjCheckDigit(cnpj, 13) === Number(cnpj[13])
  );
}
