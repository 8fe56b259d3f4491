import {
  BooleanInput,
  NumberInput,
  SelectInput,
  TextInput,
  type Validator,
  required,
} from 'react-admin';
import { DateTextInput } from '../inputs';
import { toCamelKey } from '../../providers/case';
import type { CustomField } from './types';
import { customFieldValidator } from './validator';

/** The form source of a custom field's value (the data provider camelCases its key). */
export const customFieldSource = (field: CustomField) => `customFields.${toCamelKey(field.key)}`;

/** One custom field of the member form, as an input of its type. */
export function CustomFieldInput({ field }: { field: CustomField }) {
  const source = customFieldSource(field);
  const own = customFieldValidator(field);
  const validate: Validator[] =
    field.required && field.fieldType !== 'boolean' ? [required(), own] : [own];
  const common = { source, label: field.label, validate, fullWidth: true };
  switch (field.fieldType) {
    case 'long_text':
      return <TextInput {...common} multiline minRows={3} className="span-2" />;
    case 'number':
      return <NumberInput {...common} />;
    case 'date':
      return <DateTextInput {...common} />;
    case 'boolean':
      return <BooleanInput source={source} label={field.label} validate={own} />;
    case 'choice':
      return (
        <SelectInput
          {...common}
          choices={field.options.map((option) => ({ id: option, name: option }))}
        />
      );
    default:
      return <TextInput {...common} />;
  }
}
