import { Typography } from '@mui/material';
import { LinearProgress, useTranslate } from 'react-admin';
import { useCustomFields } from '../../ui/customFields/useCustomFields';
import { CustomFieldInput } from '../../ui/customFields/CustomFieldInput';
import { FormGrid } from '../../ui/FormGrid';

/** Tab "Campos adicionais": the church's own fields, in their order. */
export function MemberCustomFieldInputs() {
  const translate = useTranslate();
  const { fields, isPending } = useCustomFields();
  if (isPending) return <LinearProgress />;
  if (fields.length === 0) {
    return (
      <Typography color="textSecondary" sx={{ py: 2 }}>
        {translate('resources.membros.no_custom_fields')}
      </Typography>
    );
  }
  return (
    <FormGrid>
      {fields.map((field) => (
        <CustomFieldInput key={field.id} field={field} />
      ))}
    </FormGrid>
  );
}
