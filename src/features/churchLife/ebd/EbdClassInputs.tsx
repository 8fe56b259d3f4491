// An EBD class's form (create and edit): name, congregation, trimestre, age group (a suggestion
// fills the ages), the trimestre's magazine and the teachers — members of the congregation.
import { Autocomplete, Box, TextField } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  AutocompleteArrayInput,
  BooleanInput,
  NumberInput,
  ReferenceArrayInput,
  SelectInput,
  TextInput,
  required,
  useInput,
  useTranslate,
} from 'react-admin';
import { AGE_GROUPS, QUARTERS, ebdClassSchema } from '../../../../domain/ebd';
import { CongregationInput, schemaValidator } from '../../../ui/inputs';

const rule = schemaValidator(ebdClassSchema);
const R = 'resources.igreja/ebd';
const QUARTER_CHOICES = QUARTERS.map((quarter) => ({ id: quarter, name: `${quarter}º trimestre` }));
const searchMembers = (q: string) => ({ q });

/** Free text with the usual age groups as suggestions; picking one fills empty ages. */
function AgeGroupInput() {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: 'ageGroup', validate: rule });
  const { getValues, setValue } = useFormContext();
  const pick = (name: string | null) => {
    field.onChange(name ?? '');
    const group = AGE_GROUPS.find((candidate) => candidate.name === name);
    if (!group) return;
    if (getValues('ageMin') == null) setValue('ageMin', group.min, { shouldDirty: true });
    if (getValues('ageMax') == null && group.max !== null) {
      setValue('ageMax', group.max, { shouldDirty: true });
    }
  };
  return (
    <Autocomplete
      freeSolo
      options={AGE_GROUPS.map((group) => group.name)}
      value={(field.value as string | null) ?? ''}
      onChange={(_event, value) => pick(value)}
      onInputChange={(_event, value, reason) => {
        if (reason === 'input') field.onChange(value);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          onBlur={field.onBlur}
          label={translate(`${R}.fields.ageGroup`)}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? translate(`${R}.age_group_help`)}
        />
      )}
      sx={{ mb: 2 }}
    />
  );
}

/** The teachers: members of the class's congregation. */
function TeachersInput() {
  const congregationId = useWatch({ name: 'congregationId' }) as number | undefined;
  return (
    <ReferenceArrayInput
      source="teacherIds"
      reference="membros"
      filter={congregationId ? { congregationId } : {}}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={20}
    >
      <AutocompleteArrayInput
        optionText="name"
        filterToQuery={searchMembers}
        validate={rule}
        fullWidth
      />
    </ReferenceArrayInput>
  );
}

export function EbdClassInputs({ editing = false }: { editing?: boolean }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="name" validate={[required(), rule]} fullWidth />
      <CongregationInput />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <NumberInput source="year" validate={[required(), rule]} step={1} />
        <SelectInput source="quarter" choices={QUARTER_CHOICES} validate={[required(), rule]} />
      </Box>
      <AgeGroupInput />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <NumberInput source="ageMin" validate={rule} min={0} step={1} />
        <NumberInput source="ageMax" validate={rule} min={0} step={1} />
      </Box>
      <TextInput source="magazine" validate={rule} fullWidth />
      <TeachersInput />
      {editing && <BooleanInput source="active" />}
    </Box>
  );
}
