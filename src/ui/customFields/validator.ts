// A custom field's value checked as the server checks it (domain), under its input.
import type { Validator } from 'react-admin';
import {
  type CustomFieldDefinition,
  validateCustomFieldValues,
} from '../../../domain/customFields';
import type { CustomField } from './types';

function definitionOf(field: CustomField): CustomFieldDefinition {
  return {
    key: field.key,
    label: field.label,
    field_type: field.fieldType,
    options: field.options ?? [],
    required: field.required,
    active: true,
  };
}

/** The server's check of one custom field value (type and requiredness). */
export function customFieldValidator(field: CustomField): Validator {
  const definitions = [definitionOf(field)];
  return (value) => {
    const { errors } = validateCustomFieldValues(definitions, { [field.key]: value });
    return errors[`custom_fields.${field.key}`];
  };
}
