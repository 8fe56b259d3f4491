// The member form checks what the server checks, with the same schema and messages
// (domain), so an error shows under its input before the secretary even saves.
import type { Validator } from 'react-admin';
import {
  type CustomFieldDefinition,
  validateCustomFieldValues,
} from '../../../domain/customFields';
import { memberSchema } from '../../../domain/memberSchema';
import { schemaValidator } from '../../ui/inputs';
import type { CustomField } from '../settings/customFields/types';

/** Every member input: the server's member schema, for the input's own field. */
export const validateMemberField = schemaValidator(memberSchema, { skip: ['photo', 'photoThumb'] });

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
