import { BooleanInput, ReferenceInput, SelectInput, TextInput, required } from 'react-admin';
import { CongregationInput, DateTextInput } from '../../ui/inputs';
import { FormGrid } from '../../ui/FormGrid';
import { ADMISSION_TYPE_CHOICES, useChoicesForSex } from '../../ui/memberChoices';
import { validateMemberField as rule } from './memberValidators';

/** Tab "Vida eclesiástica". */
export function MemberChurchInputs() {
  const { statusChoices } = useChoicesForSex();
  return (
    <FormGrid>
      {/* Where the member belongs: changing it is an internal move, kept in the history. */}
      <CongregationInput className="span-2" />
      <SelectInput
        source="status"
        choices={statusChoices}
        validate={[required(), rule]}
        fullWidth
      />
      <ReferenceInput
        source="positionId"
        reference="configuracoes/positions"
        sort={{ field: 'sortOrder', order: 'ASC' }}
        perPage={100}
      >
        <SelectInput optionText="name" validate={rule} fullWidth />
      </ReferenceInput>
      <DateTextInput source="admissionDate" validate={rule} fullWidth />
      <SelectInput
        source="admissionType"
        choices={ADMISSION_TYPE_CHOICES}
        validate={rule}
        fullWidth
      />
      <TextInput source="originChurch" validate={rule} fullWidth />
      <DateTextInput source="baptismDate" validate={rule} fullWidth />
      <DateTextInput source="consecrationDate" validate={rule} fullWidth />
      <BooleanInput source="holySpiritBaptism" sx={{ alignSelf: 'center' }} />
      <TextInput
        source="notes"
        validate={rule}
        multiline
        minRows={3}
        className="span-2"
        fullWidth
      />
    </FormGrid>
  );
}
