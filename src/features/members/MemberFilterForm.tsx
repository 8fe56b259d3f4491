import { Stack } from '@mui/material';
import {
  FilterLiveForm,
  NullableBooleanInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  useTranslate,
} from 'react-admin';
import { CONGREGATIONS_RESOURCE, DateFilterInput } from '../../ui/inputs';
import { currentCongregationIds } from '../../providers/session';
import { INPUT_DEBOUNCE_MS } from '../../../domain/constants';
import { useReadsWhole } from '../../routing/useReadsWhole';
import { FilterRange } from './FilterRange';
import {
  MARITAL_STATUS_CHOICES,
  MONTH_CHOICES,
  SEX_CHOICES,
  STATUS_CHOICES,
} from '../../ui/memberChoices';

const common = { fullWidth: true, helperText: false as const, size: 'small' as const };

/**
 * The filters of the members list (SPEC §2: a separate panel). Every change reaches the list
 * after INPUT_DEBOUNCE_MS; the list keeps its filters in react-admin's store, so they are
 * still there when the secretary comes back.
 */
export function MemberFilterForm() {
  const translate = useTranslate();
  const all = translate('resources.membros.filters.all');
  // Sex, marital status, birthday, age and admission would reveal the hidden fields of the
  // reduced record: the server refuses them without secretary access (issue 13).
  const whole = useReadsWhole();
  return (
    <FilterLiveForm debounce={INPUT_DEBOUNCE_MS}>
      <Stack spacing={1.5}>
        {/* A user of one congregation sees only it: nothing to choose. */}
        {currentCongregationIds().length !== 1 && (
          <ReferenceInput
            source="congregationId"
            reference={CONGREGATIONS_RESOURCE}
            sort={{ field: 'name', order: 'ASC' }}
            perPage={500}
          >
            <SelectInput
              optionText="name"
              label="resources.membros.fields.congregationId"
              emptyText={all}
              {...common}
            />
          </ReferenceInput>
        )}
        <SelectInput source="status" choices={STATUS_CHOICES} emptyText={all} {...common} />
        <ReferenceInput
          source="positionId"
          reference="configuracoes/positions"
          sort={{ field: 'sortOrder', order: 'ASC' }}
          perPage={100}
        >
          <SelectInput optionText="name" emptyText={all} {...common} />
        </ReferenceInput>
        <ReferenceInput
          source="departmentId"
          reference="configuracoes/departamentos"
          sort={{ field: 'name', order: 'ASC' }}
          perPage={200}
        >
          <SelectInput optionText="name" emptyText={all} {...common} />
        </ReferenceInput>
        {whole && (
          <>
            <SelectInput source="sex" choices={SEX_CHOICES} emptyText={all} {...common} />
            <SelectInput
              source="maritalStatus"
              choices={MARITAL_STATUS_CHOICES}
              emptyText={all}
              {...common}
            />
            <SelectInput source="birthMonth" choices={MONTH_CHOICES} emptyText={all} {...common} />
            <FilterRange label="resources.membros.filters.age">
              <NumberInput source="ageGte" min={0} max={130} {...common} />
              <NumberInput source="ageLte" min={0} max={130} {...common} />
            </FilterRange>
            <FilterRange label="resources.membros.filters.admission">
              <DateFilterInput source="admissionDateGte" {...common} />
              <DateFilterInput source="admissionDateLte" {...common} />
            </FilterRange>
          </>
        )}
        <NullableBooleanInput
          source="hasPhoto"
          nullLabel={all}
          trueLabel="resources.membros.filters.with_photo"
          falseLabel="resources.membros.filters.without_photo"
          {...common}
        />
      </Stack>
    </FilterLiveForm>
  );
}
