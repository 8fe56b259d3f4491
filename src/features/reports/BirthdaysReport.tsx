import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import {
  IconButton,
  List,
  ListItemText,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
} from '@mui/material';
import { DataTable, useGetList, useListContext, useTranslate } from 'react-admin';
import { todayIso } from '../../../domain/dates';
import { formatBirthday, formatPhone } from '../../../domain/formats';
import { MONTH_CHOICES } from '../../../domain/calendar';
import { birthdayGreeting, whatsappUrl } from '../../../domain/reports';
import { rowToShowOf } from '../../ui/links';
import { LinkListItem } from '../../ui/LinkListItem';
import { FilterNumber, FilterSelect, useFilter } from './ReportFilterFields';
import { CongregationFilter } from './CongregationFilter';
import { ReportEmpty, ReportPage } from './ReportPage';

interface BirthdayRow {
  id: number;
  name: string;
  birthDate: string;
  birthday: string;
  age: number;
  phoneMobile: string | null;
  phoneHome: string | null;
  congregationName: string;
}

const toMember = rowToShowOf('membros');

function Greeting({ row }: { row: BirthdayRow }) {
  const translate = useTranslate();
  const url = whatsappUrl(row.phoneMobile, birthdayGreeting(row.name));
  if (!url) return null;
  const label = `${translate('adam.reports.birthdays.greet')}: ${row.name}`;
  return (
    <Tooltip title={translate('adam.reports.birthdays.greet')}>
      <IconButton
        href={url}
        target="_blank"
        rel="noopener"
        aria-label={label}
        size="small"
        sx={{ color: '#1f8a4c' }}
        // In the table the row opens the member on click: the greeting must not.
        onClick={(event) => event.stopPropagation()}
      >
        <WhatsAppIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function PeriodFilters() {
  const translate = useTranslate();
  const { values, set } = useFilter();
  const byDays = values.days !== undefined;
  const { data: departments = [] } = useGetList<{ id: number; name: string }>(
    'configuracoes/departamentos',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } },
  );
  return (
    <>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={byDays ? 'days' : 'month'}
        onChange={(_event, mode: 'month' | 'days' | null) => {
          if (mode === 'days') set({ month: undefined, days: 30 });
          if (mode === 'month') set({ days: undefined, month: Number(todayIso().slice(5, 7)) });
        }}
      >
        <ToggleButton value="month">{translate('adam.reports.birthdays.by_month')}</ToggleButton>
        <ToggleButton value="days">{translate('adam.reports.birthdays.next_days')}</ToggleButton>
      </ToggleButtonGroup>
      {byDays ? (
        <FilterNumber source="days" label="adam.reports.birthdays.days" min={1} max={365} />
      ) : (
        <FilterSelect source="month" label="adam.reports.birthdays.month" choices={MONTH_CHOICES} />
      )}
      <CongregationFilter />
      {departments.length > 0 && (
        <FilterSelect
          source="departmentId"
          label="adam.reports.birthdays.department"
          choices={departments}
          emptyLabel="adam.reports.birthdays.all_departments"
          minWidth={240}
        />
      )}
    </>
  );
}

/**
 * The phone list: each row opens the member, and the WhatsApp greeting is a control beside the
 * row's link (react-admin's SimpleList would put it inside the link).
 */
function BirthdaysPhoneList({ age }: { age: (row: BirthdayRow) => string }) {
  const { data, isPending } = useListContext<BirthdayRow>();
  if (isPending) return null;
  if (!data?.length) return <ReportEmpty text="adam.reports.birthdays.empty" />;
  return (
    <List>
      {data.map((row) => (
        <LinkListItem key={row.id} to={toMember(row.id)} action={<Greeting row={row} />}>
          <ListItemText
            primary={row.name}
            secondary={[
              formatBirthday(row.birthday),
              age(row),
              formatPhone(row.phoneMobile || row.phoneHome),
              row.congregationName,
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        </LinkListItem>
      ))}
    </List>
  );
}

/** /relatorios/aniversariantes: a month (default the current one) or the next N days. */
export default function BirthdaysReport() {
  const translate = useTranslate();
  const age = (row: BirthdayRow) => translate('adam.reports.birthdays.age_value', { age: row.age });
  return (
    <ReportPage
      report="birthdays"
      filterDefaults={{ month: Number(todayIso().slice(5, 7)) }}
      filters={<PeriodFilters />}
      note={translate('adam.reports.birthdays.leap_note')}
      table={
        <DataTable
          rowClick={toMember}
          bulkActionButtons={false}
          empty={<ReportEmpty text="adam.reports.birthdays.empty" />}
        >
          <DataTable.Col
            source="birthday"
            label="adam.reports.birthdays.birthday"
            disableSort
            render={(row: BirthdayRow) => formatBirthday(row.birthday)}
          />
          <DataTable.Col source="name" label="resources.membros.fields.name" disableSort />
          <DataTable.Col source="age" label="adam.reports.birthdays.age" disableSort render={age} />
          <DataTable.Col source="congregationName" label="adam.reports.congregation" disableSort />
          <DataTable.Col
            source="phoneMobile"
            label="resources.membros.fields.phoneMobile"
            disableSort
            render={(row: BirthdayRow) => formatPhone(row.phoneMobile)}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <DataTable.Col
            source="phoneHome"
            label="adam.reports.birthdays.phone"
            disableSort
            render={(row: BirthdayRow) => formatPhone(row.phoneHome)}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <DataTable.Col
            label="adam.reports.birthdays.whatsapp"
            disableSort
            render={(row: BirthdayRow) => <Greeting row={row} />}
          />
        </DataTable>
      }
      phoneList={<BirthdaysPhoneList age={age} />}
    />
  );
}
