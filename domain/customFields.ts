// Custom fields (campos adicionais): their types and the validation of a member's values.
import { z } from 'zod';
import { INVALID_DATE_MESSAGE, isIsoDate } from './dates';
import { searchText } from './search';

export const CUSTOM_FIELD_TYPES = [
  'text',
  'long_text',
  'number',
  'date',
  'boolean',
  'choice',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Texto',
  long_text: 'Texto longo',
  number: 'Número',
  date: 'Data',
  boolean: 'Sim/Não',
  choice: 'Lista de opções',
};

export interface CustomFieldDefinition {
  key: string;
  label: string;
  field_type: CustomFieldType;
  options: string[];
  required: boolean;
  active: boolean;
  /** Asked on the public self-registration (/meu_cadastro) too; internal fields are not. */
  public_form?: boolean;
  /** Seen by every role, in the reduced member record too (issue 13); others: secretary access. */
  visible_to_all?: boolean;
}

/** A key from a label: "Data de conversão" -> "data_de_conversao". */
export function customFieldKey(label: string): string {
  return searchText(label)
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
}

/**
 * Keys a field may not have: a member's values are an object keyed by them, and these names are
 * every object's own (constructor, toString…), so a field named so would read a function as its
 * value.
 */
const RESERVED_KEYS = new Set(
  ['__proto__', 'constructor', 'prototype', ...Object.getOwnPropertyNames(Object.prototype)].map(
    (key) => key.toLowerCase(),
  ),
);

export const isReservedCustomFieldKey = (key: string) => RESERVED_KEYS.has(key.toLowerCase());

/** A member's value of the field `key` (own properties only: never Object.prototype's). */
export const customValue = (values: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(values, key) ? values[key] : undefined;

export const customFieldSchema = z
  .object({
    label: z
      .string({ error: 'Informe o nome do campo.' })
      .trim()
      .min(1, { error: 'Informe o nome do campo.' })
      .max(60, { error: 'Nome do campo: no máximo 60 caracteres.' }),
    field_type: z.enum(CUSTOM_FIELD_TYPES, { error: 'Tipo de campo inválido.' }),
    options: z
      .array(z.string().trim().min(1).max(80), { error: 'Opções inválidas.' })
      .max(50, { error: 'No máximo 50 opções.' })
      .default([]),
    required: z.boolean({ error: 'Informe Sim ou Não.' }).default(false),
    active: z.boolean({ error: 'Informe Sim ou Não.' }).default(true),
    public_form: z.boolean({ error: 'Informe Sim ou Não.' }).default(false),
    // Carried by the reduced member record: seen by users without secretary access (issue 13).
    visible_to_all: z.boolean({ error: 'Informe Sim ou Não.' }).default(false),
    sort_order: z.number({ error: 'Ordem inválida.' }).int().min(0).max(9999).default(0),
  })
  .superRefine((field, ctx) => {
    const key = customFieldKey(field.label);
    if (!key) {
      ctx.addIssue({
        code: 'custom',
        path: ['label'],
        message: 'Use letras ou números no nome do campo.',
      });
    } else if (isReservedCustomFieldKey(key)) {
      ctx.addIssue({
        code: 'custom',
        path: ['label'],
        message: 'Este nome é reservado pelo sistema: escolha outro.',
      });
    }
    if (field.field_type === 'choice' && field.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Informe ao menos uma opção.' });
    }
  });

const MAX_TEXT = { text: 200, long_text: 5000 };

/** The fields a newcomer fills in on the public form: active and marked for it. */
export function publicFormFields<T extends Pick<CustomFieldDefinition, 'active' | 'public_form'>>(
  definitions: T[],
): T[] {
  return definitions.filter((definition) => definition.active && definition.public_form);
}

/**
 * Checks a member's custom field values against the active definitions: unknown keys are
 * dropped, empty values become absent, each value must fit its type, required ones must exist.
 */
export function validateCustomFieldValues(
  definitions: CustomFieldDefinition[],
  values: Record<string, unknown>,
): { values: Record<string, string | number | boolean>; errors: Record<string, string> } {
  // No prototype: a key is only ever a field's own value.
  const clean: Record<string, string | number | boolean> = Object.create(null);
  const errors: Record<string, string> = {};
  for (const field of definitions.filter((definition) => definition.active)) {
    const raw = customValue(values, field.key);
    const empty =
      raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
    const path = `custom_fields.${field.key}`;
    if (empty) {
      if (field.required && field.field_type !== 'boolean')
        errors[path] = `Informe ${field.label}.`;
      continue;
    }
    switch (field.field_type) {
      case 'text':
      case 'long_text':
        if (typeof raw !== 'string') errors[path] = `${field.label}: texto inválido.`;
        else if (raw.trim().length > MAX_TEXT[field.field_type])
          errors[path] = `${field.label}: no máximo ${MAX_TEXT[field.field_type]} caracteres.`;
        else clean[field.key] = raw.trim();
        break;
      case 'number': {
        const number = typeof raw === 'number' ? raw : Number(String(raw).replace(',', '.'));
        if (!Number.isFinite(number)) errors[path] = `${field.label}: número inválido.`;
        else clean[field.key] = number;
        break;
      }
      case 'date':
        if (!isIsoDate(raw)) errors[path] = INVALID_DATE_MESSAGE;
        else clean[field.key] = raw;
        break;
      case 'boolean':
        if (typeof raw !== 'boolean') errors[path] = `${field.label}: informe Sim ou Não.`;
        else clean[field.key] = raw;
        break;
      case 'choice':
        if (typeof raw !== 'string' || !field.options.includes(raw))
          errors[path] = `${field.label}: escolha uma das opções.`;
        else clean[field.key] = raw;
        break;
    }
  }
  return { values: clean, errors };
}
