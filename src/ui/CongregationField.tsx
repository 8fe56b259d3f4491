// The congregation a record belongs to (issue 12): every record that has one answers
// `congregation_name` beside `congregation_id`, so lists and pages show it without a lookup.
import { TextField, type TextFieldProps } from 'react-admin';

export type CongregationFieldProps = Omit<TextFieldProps, 'source'> & { source?: string };

export function CongregationField({
  source = 'congregationName',
  label = 'adam.congregation.label',
  ...props
}: CongregationFieldProps) {
  return <TextField source={source} label={label} emptyText="—" {...props} />;
}
