import { Typography } from '@mui/material';
import { DataTable, SimpleList, useTranslate } from 'react-admin';
import { DEFAULT_CHILD_AGE, MAX_CHILD_AGE } from '../../../domain/families';
import { formatDate, formatPhone } from '../../../domain/formats';
import { CongregationFilter } from './CongregationFilter';
import { FilterNumber } from './ReportFilterFields';
import { ReportEmpty, ReportPage } from './ReportPage';

interface ChildRow {
  id: string;
  memberId: number | null;
  name: string;
  birthDate: string;
  age: number;
  congregationName: string;
  familyName: string | null;
  guardians: Array<{ name: string; relationText: string; phone: string | null }>;
}

const K = 'adam.reports.children';

/** "Ana Souza (Mãe) · (19) 98888-7777", one line per parent or guardian. */
function Guardians({ row }: { row: ChildRow }) {
  const translate = useTranslate();
  if (row.guardians.length === 0) {
    return (
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
        {translate(`${K}.no_guardians`)}
      </Typography>
    );
  }
  return (
    <>
      {row.guardians.map((guardian) => (
        <Typography key={guardian.name} variant="body2" component="span" sx={{ display: 'block' }}>
          {guardian.name} ({guardian.relationText})
          {guardian.phone ? ` · ${formatPhone(guardian.phone)}` : ''}
        </Typography>
      ))}
    </>
  );
}

/**
 * /relatorios/criancas (issue 28): the children — members and relatives who are no members — in an
 * age range (by default under 12), with their family and its parents or guardians and phones, for
 * the EBD and the children's ministry.
 */
export default function ChildrenReport() {
  const translate = useTranslate();
  const years = (row: ChildRow) => translate(`${K}.years`, { smart_count: row.age });
  return (
    <ReportPage
      report="children"
      filterDefaults={{ ageMin: 0, ageMax: DEFAULT_CHILD_AGE - 1 }}
      filters={
        <>
          <FilterNumber source="ageMin" label={`${K}.age_min`} min={0} max={MAX_CHILD_AGE} />
          <FilterNumber source="ageMax" label={`${K}.age_max`} min={0} max={MAX_CHILD_AGE} />
          <CongregationFilter />
        </>
      }
      table={
        <DataTable empty={<ReportEmpty text={`${K}.empty`} />} bulkActionButtons={false}>
          <DataTable.Col source="name" label={`${K}.name`} disableSort />
          <DataTable.Col source="age" label={`${K}.age`} disableSort render={years} />
          <DataTable.Col
            source="birthDate"
            label={`${K}.birth_date`}
            disableSort
            render={(row: ChildRow) => formatDate(row.birthDate)}
          />
          <DataTable.Col
            source="memberId"
            label={`${K}.member`}
            disableSort
            render={(row: ChildRow) => translate(row.memberId ? `${K}.yes` : `${K}.no`)}
          />
          <DataTable.Col source="congregationName" label="adam.reports.congregation" disableSort />
          <DataTable.Col source="familyName" label={`${K}.family`} disableSort />
          <DataTable.Col
            source="guardians"
            label={`${K}.guardians`}
            disableSort
            render={(row: ChildRow) => <Guardians row={row} />}
          />
        </DataTable>
      }
      phoneList={
        <SimpleList<ChildRow>
          primaryText={(row) => `${row.name} · ${years(row)}`}
          secondaryText={(row) =>
            [row.familyName, row.congregationName].filter(Boolean).join(' · ')
          }
          tertiaryText={(row) => <Guardians row={row} />}
          rowClick={false}
          empty={<ReportEmpty text={`${K}.empty`} />}
        />
      }
    />
  );
}
