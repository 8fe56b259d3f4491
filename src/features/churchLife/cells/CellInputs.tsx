// A node of the cells' tree, as the office writes it (create and edit): its name, congregation
// and level, the level above it, its leaders, and — for a célula — the host's address and the
// weekly meeting.
import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  AutocompleteInput,
  BooleanInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  required,
  useDataProvider,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CELL_LEVELS, type CellLevel, cellSchema, parentLevel } from '../../../../domain/cells';
import { WEEKDAY_LABELS } from '../../../../domain/churchLife';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { CongregationInput, MemberReferenceInput, schemaValidator } from '../../../ui/inputs';
import { CELLS } from './types';

const rule = schemaValidator(cellSchema);
const WEEKDAYS = WEEKDAY_LABELS.map((name, id) => ({ id, name }));
const searchByName = (text: string) => ({ q: text });

/** The church's names of the levels (Rede, Setor, Célula unless renamed). */
export function useLevelChoices() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data = [] } = useQuery({
    queryKey: ['cell_levels'],
    queryFn: () => dataProvider.cellLevels(),
  });
  return CELL_LEVELS.map((level) => ({
    id: level,
    name: data.find((row) => row.id === level)?.name ?? level,
  }));
}

/** The level above: only nodes one level up, in the same congregation. */
function ParentInput() {
  const level = (useWatch({ name: 'level' }) as CellLevel | undefined) ?? 'cell';
  const congregationId = useWatch({ name: 'congregationId' }) as number | undefined;
  const above = parentLevel(level);
  if (above === null) return null;
  return (
    <ReferenceInput
      source="parentId"
      reference={CELLS}
      filter={{ level: above, ...(congregationId ? { congregationId } : {}) }}
      sort={{ field: 'path', order: 'ASC' }}
      perPage={100}
    >
      <AutocompleteInput optionText="path" filterToQuery={searchByName} fullWidth />
    </ReferenceInput>
  );
}

export function CellInputs({ editing = false }: { editing?: boolean }) {
  const levels = useLevelChoices();
  const level = (useWatch({ name: 'level' }) as CellLevel | undefined) ?? 'cell';
  return (
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="name" validate={[required(), rule]} fullWidth />
      <CongregationInput />
      <SelectInput source="level" choices={levels} validate={required()} fullWidth />
      <ParentInput />
      <MemberReferenceInput source="leaderId" fullWidth />
      <MemberReferenceInput source="coLeaderId" fullWidth />
      {level === 'cell' && (
        <>
          <TextInput source="hostAddress" validate={rule} fullWidth />
          <SelectInput source="weekday" choices={WEEKDAYS} emptyText="—" fullWidth />
          <TextInput
            source="time"
            validate={rule}
            type="time"
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      )}
      {editing && <BooleanInput source="active" />}
    </Box>
  );
}
