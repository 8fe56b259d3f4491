// zod's own messages, where a schema gives none, in Brazilian Portuguese (domain/zodMessages.ts).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import '../../domain/zodMessages';

const messageOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

describe('zod messages', () => {
  it('says what was expected in Portuguese', () => {
    expect(messageOf(z.object({}), 'texto')).toBe('Envie um objeto JSON.');
    expect(messageOf(z.record(z.string(), z.unknown()), [])).toBe('Envie um objeto JSON.');
    expect(messageOf(z.string(), 1)).toBe('Informe um texto.');
    expect(messageOf(z.number(), '1')).toBe('Informe um número.');
    expect(messageOf(z.boolean(), 'sim')).toBe('Informe Sim ou Não.');
    expect(messageOf(z.array(z.number()), {})).toBe('Informe uma lista.');
    expect(messageOf(z.number().int(), 1.5)).toBe('Informe um número inteiro.');
  });

  it('states limits with Brazilian number formats', () => {
    expect(messageOf(z.string().min(1), '')).toBe('Preencha este campo.');
    expect(messageOf(z.string().max(5), 'abcdefg')).toBe('No máximo 5 caracteres.');
    expect(messageOf(z.number().max(2147483647), 2 ** 31)).toBe(
      'O valor deve ser no máximo 2.147.483.647.',
    );
    expect(messageOf(z.number().positive(), 0)).toBe('O valor deve ser maior que 0.');
    expect(messageOf(z.array(z.number()).min(1), [])).toBe('Informe ao menos 1 item.');
    expect(messageOf(z.enum(['a', 'b']), 'c')).toBe('Opção inválida.');
    expect(messageOf(z.email(), 'x')).toBe('Informe um e-mail válido.');
  });

  it('leaves a schema’s own message as it is', () => {
    expect(messageOf(z.string({ error: 'Informe o nome.' }), 1)).toBe('Informe o nome.');
  });
});
