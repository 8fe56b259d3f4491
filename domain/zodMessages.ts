// zod's own messages in Brazilian Portuguese, for the checks a schema does not word itself (a
// body that is not an object, a field of the wrong type, an id out of range): every answer the
// API gives and every form message is in Portuguese, even where a schema gave no message.
// Imported for its effect by domain/validation.ts (the server) and the forms' validator.
import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const EXPECTED: Record<string, string> = {
  string: 'Informe um texto.',
  number: 'Informe um número.',
  int: 'Informe um número inteiro.',
  bigint: 'Informe um número inteiro.',
  boolean: 'Informe Sim ou Não.',
  date: 'Informe uma data.',
  array: 'Informe uma lista.',
  tuple: 'Informe uma lista.',
  object: 'Envie um objeto JSON.',
  record: 'Envie um objeto JSON.',
  map: 'Envie um objeto JSON.',
};

const count = (value: number | bigint) => Number(value).toLocaleString('pt-BR');

function sizeMessage(issue: Issue & { code: 'too_big' | 'too_small' }): string {
  const big = issue.code === 'too_big';
  const limit = count(big ? issue.maximum : issue.minimum);
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (!big && Number(issue.minimum) <= 1) return 'Preencha este campo.';
      return big ? `No máximo ${limit} caracteres.` : `No mínimo ${limit} caracteres.`;
    case 'array':
    case 'set':
      return big
        ? `No máximo ${limit} itens.`
        : `Informe ao menos ${limit} ${Number(issue.minimum) === 1 ? 'item' : 'itens'}.`;
    default:
      if (big)
        return inclusive
          ? `O valor deve ser no máximo ${limit}.`
          : `O valor deve ser menor que ${limit}.`;
      return inclusive
        ? `O valor deve ser no mínimo ${limit}.`
        : `O valor deve ser maior que ${limit}.`;
  }
}

/** One Portuguese sentence for each kind of zod issue. */
export function zodMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return EXPECTED[issue.expected] ?? 'Valor inválido.';
    case 'too_big':
    case 'too_small':
      return sizeMessage(issue);
    case 'invalid_format':
      return issue.format === 'email' ? 'Informe um e-mail válido.' : 'Formato inválido.';
    case 'invalid_value':
      return 'Opção inválida.';
    case 'not_multiple_of':
      return 'Número inválido.';
    case 'unrecognized_keys':
      return `Campo desconhecido: ${issue.keys.join(', ')}.`;
    default:
      return 'Valor inválido.';
  }
}

z.config({ localeError: zodMessage });
