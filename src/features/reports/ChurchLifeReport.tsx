// /relatorios/vida_da_igreja (issue 26): what the pastor sees, one section at a time — presença
// por culto (with its chart, loaded only here), presença por tipo (cells and EBD as they arrive),
// visitantes por mês and quem sumiu — for the congregation chosen or the whole campo, with the
// CSV and PDF of the section shown.
import { List, ListItem, ListItemText, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { Box, type SxProps } from '@mui/material';
import { Suspense, lazy } from 'react';
import { DataTable, useListContext, useTranslate } from 'react-admin';
import {
  CHURCH_LIFE_SECTIONS,
  CHURCH_LIFE_SECTION_LABELS,
  type ChurchLifeSection,
  DEFAULT_MISSING_WEEKS,
  MAX_MISSING_WEEKS,
  percentText,
} from '../../../domain/churchLifeReport';
import { addMonths, todayIso } from '../../../domain/dates';
import { formatDate, formatPhone } from '../../../domain/formats';
import { MAX_REPORT_MONTHS, monthsBetween, shortMonth } from '../../../domain/reports';
import { formatInteger } from '../../ui/listTotal';
import { CongregationFilter } from './CongregationFilter';
import { FilterNumber, FilterSelect, monthChoices, useFilter } from './ReportFilterFields';
import { ReportEmpty, ReportPage } from './ReportPage';

const AttendanceChart = lazy(() => import('./AttendanceChart'));
const T = 'adam.reports.church_life';

export interface ChurchLifeRow {
  id: number;
  isTotal: boolean;
  label: string;
  congregationName: string | null;
  months?: Array<number | null>;
  gatherings?: number;
  total?: number;
  average?: number;
  month?: string;
  visitors?: number;
  converted?: number;
  memberId?: number;
  phone?: string | null;
  lastPresence?: string;
  weeksAbsent?: number;
  presences?: number;
}

const number = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : formatInteger(value);
const totalRowSx = (row: ChurchLifeRow): SxProps =>
  row.isTotal ? { '& td': { fontWeight: 700, borderTop: 2, borderTopColor: 'divider' } } : {};

/** The section and the period the list's filters hold (as the API reads them). */
function useSection() {
  const { filterValues } = useListContext();
  const section = (filterValues.section as ChurchLifeSection | undefined) ?? 'cultos';
  const to = (filterValues.monthLte as string | undefined) ?? todayIso().slice(0, 7);
  const from =
    (filterValues.monthGte as string | undefined) ??
    addMonths(`${to}-01`, 1 - MAX_REPORT_MONTHS).slice(0, 7);
  const months = monthsBetween(from, to);
  return { section, months: months.length <= MAX_REPORT_MONTHS ? months : [] };
}

function SectionPicker() {
  const translate = useTranslate();
  const { section } = useSection();
  const { set } = useFilter();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={section}
      onChange={(_, next: ChurchLifeSection | null) => next && set({ section: next })}
      aria-label={translate(`${T}.section`)}
      sx={{ flexWrap: 'wrap' }}
    >
      {CHURCH_LIFE_SECTIONS.map((key) => (
        <ToggleButton key={key} value={key} sx={{ textTransform: 'none' }}>
          {CHURCH_LIFE_SECTION_LABELS[key]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

function Filters() {
  const { section } = useSection();
  const months = monthChoices(todayIso());
  return (
    <>
      <SectionPicker />
      {section === 'missing' ? (
        <FilterNumber source="weeks" label={`${T}.weeks`} min={1} max={MAX_MISSING_WEEKS} />
      ) : (
        <>
          <FilterSelect source="monthGte" label={`${T}.from`} choices={months} />
          <FilterSelect source="monthLte" label={`${T}.to`} choices={months} />
        </>
      )}
      <CongregationFilter />
    </>
  );
}

/** The columns of the section shown. */
function columnsOf(
  section: ChurchLifeSection,
  months: string[],
  translate: (key: string) => string,
) {
  const monthCols = months.map((month, index) => (
    <DataTable.Col
      key={month}
      label={shortMonth(month)}
      align="right"
      disableSort
      render={(row: ChurchLifeRow) => number(row.months?.[index])}
    />
  ));
  const col = (
    key: string,
    label: string,
    render: (row: ChurchLifeRow) => string,
    right = true,
  ) => (
    <DataTable.Col
      key={key}
      label={translate(`${T}.${label}`)}
      align={right ? 'right' : undefined}
      disableSort
      render={render}
    />
  );
  const label = (key: string) => col('label', key, (row) => row.label, false);
  switch (section) {
    case 'cultos':
      return [
        label('culto'),
        col('congregation', 'congregation', (row) => row.congregationName ?? '', false),
        ...monthCols,
        col('gatherings', 'gatherings', (row) => number(row.gatherings)),
        col('average', 'average', (row) => number(row.average)),
      ];
    case 'kinds':
      return [
        label('kind'),
        ...monthCols,
        col('gatherings', 'meetings', (row) => number(row.gatherings)),
        col('total', 'presences', (row) => number(row.total)),
        col('average', 'average', (row) => number(row.average)),
      ];
    case 'visitors':
      return [
        label('month'),
        col('visitors', 'visitors', (row) => number(row.visitors)),
        col('converted', 'converted', (row) => number(row.converted)),
        col('rate', 'rate', (row) => percentText(row.converted ?? 0, row.visitors ?? 0)),
      ];
    case 'missing':
      return [
        label('member'),
        col('congregation', 'congregation', (row) => row.congregationName ?? '', false),
        col('phone', 'phone', (row) => (row.phone ? formatPhone(row.phone) : '—'), false),
        col(
          'last',
          'last_presence',
          (row) => (row.lastPresence ? formatDate(row.lastPresence) : '—'),
          false,
        ),
        col('weeks', 'weeks_absent', (row) => number(row.weeksAbsent)),
        col('presences', 'presences', (row) => number(row.presences)),
      ];
  }
}

function Table() {
  const translate = useTranslate();
  const { section, months } = useSection();
  return (
    // A year of month columns is wider than the screen: the table scrolls in a region the
    // keyboard can reach and a screen reader names after the report.
    <Box
      role="region"
      aria-label={translate(`${T}.title`)}
      tabIndex={0}
      sx={{ overflowX: 'auto', contain: 'inline-size' }}
    >
      <DataTable<ChurchLifeRow>
        rowClick={false}
        bulkActionButtons={false}
        rowSx={totalRowSx}
        sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'visible' } }}
        empty={<ReportEmpty text={`${T}.empty_${section}`} />}
      >
        {columnsOf(section, months, translate)}
      </DataTable>
    </Box>
  );
}

/** Each row in words on phones. */
function PhoneList() {
  const translate = useTranslate();
  const { data, isPending } = useListContext<ChurchLifeRow>();
  const { section } = useSection();
  if (isPending) return null;
  if (!data?.length) return <ReportEmpty text={`${T}.empty_${section}`} />;
  const words = (row: ChurchLifeRow) => {
    switch (section) {
      case 'cultos':
        return translate(`${T}.phone_culto`, {
          congregation: row.congregationName ?? translate(`${T}.all`),
          gatherings: number(row.gatherings),
          average: number(row.average),
        });
      case 'kinds':
        return translate(`${T}.phone_kind`, {
          gatherings: number(row.gatherings),
          total: number(row.total),
          average: number(row.average),
        });
      case 'visitors':
        return translate(`${T}.phone_visitors`, {
          visitors: number(row.visitors),
          converted: number(row.converted),
        });
      case 'missing':
        return translate(`${T}.phone_missing`, {
          congregation: row.congregationName ?? '',
          date: row.lastPresence ? formatDate(row.lastPresence) : '—',
          weeks: number(row.weeksAbsent),
        });
    }
  };
  return (
    <List>
      {data.map((row) => (
        <ListItem key={row.id} divider>
          <ListItemText
            primary={row.label}
            secondary={words(row)}
            slotProps={{ primary: { sx: { fontWeight: row.isTotal ? 700 : undefined } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

function Chart() {
  const { section } = useSection();
  if (section !== 'cultos') return null;
  return (
    <Suspense fallback={null}>
      <AttendanceChart />
    </Suspense>
  );
}

export default function ChurchLifeReport() {
  const translate = useTranslate();
  const month = todayIso().slice(0, 7);
  return (
    <ReportPage
      report="church_life"
      filterDefaults={{
        section: 'cultos',
        weeks: DEFAULT_MISSING_WEEKS,
        // The last twelve months, this one included (the API's default too).
        monthGte: addMonths(`${month}-01`, 1 - MAX_REPORT_MONTHS).slice(0, 7),
        monthLte: month,
      }}
      filters={<Filters />}
      note={translate(`${T}.note`)}
      chart={<Chart />}
      table={<Table />}
      phoneList={<PhoneList />}
    />
  );
}
