// /relatorios/vida_da_igreja (issue 26): what the pastor sees, one section at a time — presença
// por culto (with its chart, loaded only here), presença por tipo (cells and EBD as they arrive),
// visitantes por mês and quem sumiu — for the congregation chosen or the whole campo, with the
// CSV and PDF of the section shown.
import { List, ListItem, ListItemText, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { Box, type SxProps } from '@mui/material';
import { DataTable, useListContext, useTranslate } from 'react-admin';
import {
  CHURCH_LIFE_COLUMNS,
  CHURCH_LIFE_SECTIONS,
  CHURCH_LIFE_SECTION_LABELS,
  type ChurchLifeColumn,
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
// In this screen's own chunk, loaded with the report (never in the first script); a chunk of its
// own would split the shared MUI chunk and add to the first script instead.
import AttendanceChart from './AttendanceChart';

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

interface Figure {
  label: ChurchLifeColumn;
  value(row: ChurchLifeRow): string;
  text?: boolean;
}

/** The figures of each section after the row's name: the table's columns, the phone's words. */
const FIGURES: Record<
  ChurchLifeSection,
  { name: ChurchLifeColumn; figures: Figure[]; months: boolean }
> = {
  cultos: {
    name: 'culto',
    months: true,
    figures: [
      { label: 'congregation', value: (row) => row.congregationName ?? '', text: true },
      { label: 'gatherings', value: (row) => number(row.gatherings) },
      { label: 'average', value: (row) => number(row.average) },
    ],
  },
  kinds: {
    name: 'kind',
    months: true,
    figures: [
      { label: 'meetings', value: (row) => number(row.gatherings) },
      { label: 'presences', value: (row) => number(row.total) },
      { label: 'average', value: (row) => number(row.average) },
    ],
  },
  visitors: {
    name: 'month',
    months: false,
    figures: [
      { label: 'visitors', value: (row) => number(row.visitors) },
      { label: 'converted', value: (row) => number(row.converted) },
      { label: 'rate', value: (row) => percentText(row.converted ?? 0, row.visitors ?? 0) },
    ],
  },
  missing: {
    name: 'member',
    months: false,
    figures: [
      { label: 'congregation', value: (row) => row.congregationName ?? '', text: true },
      { label: 'phone', value: (row) => (row.phone ? formatPhone(row.phone) : '—'), text: true },
      {
        label: 'last_presence',
        value: (row) => (row.lastPresence ? formatDate(row.lastPresence) : '—'),
        text: true,
      },
      { label: 'weeks_absent', value: (row) => number(row.weeksAbsent) },
      { label: 'presences', value: (row) => number(row.presences) },
    ],
  },
};

/** The columns of the section shown: its name, the months (of a period's sections), figures. */
function columnsOf(section: ChurchLifeSection, months: string[]) {
  const { name, figures } = FIGURES[section];
  const column = (
    key: string,
    label: string,
    render: (row: ChurchLifeRow) => string,
    text = false,
  ) => (
    <DataTable.Col
      key={key}
      label={label}
      align={text ? undefined : 'right'}
      disableSort
      render={render}
    />
  );
  // A period's sections show the place before the months; the others keep their order.
  const placed = FIGURES[section].months && figures[0].text;
  const place = placed ? [figures[0]] : [];
  const rest = placed ? figures.slice(1) : figures;
  return [
    column('label', CHURCH_LIFE_COLUMNS[name], (row) => row.label, true),
    ...place.map((figure) =>
      column(figure.label, CHURCH_LIFE_COLUMNS[figure.label], figure.value, true),
    ),
    ...(FIGURES[section].months
      ? months.map((month, index) =>
          column(month, shortMonth(month), (row) => number(row.months?.[index])),
        )
      : []),
    ...rest.map((figure) =>
      column(figure.label, CHURCH_LIFE_COLUMNS[figure.label], figure.value, figure.text),
    ),
  ];
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
        empty={<ReportEmpty text={`${T}.empty`} />}
      >
        {columnsOf(section, months)}
      </DataTable>
    </Box>
  );
}

/** Each row in words on phones. */
function PhoneList() {
  const { data, isPending } = useListContext<ChurchLifeRow>();
  const { section } = useSection();
  if (isPending) return null;
  if (!data?.length) return <ReportEmpty text={`${T}.empty`} />;
  // A figure without a value (the totals row's congregation) is left out of the words.
  const words = (row: ChurchLifeRow) =>
    FIGURES[section].figures
      .map((figure) => [CHURCH_LIFE_COLUMNS[figure.label], figure.value(row)])
      .filter(([, value]) => value !== '')
      .map(([label, value]) => `${label}: ${value}`)
      .join(' · ');
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
  return <AttendanceChart />;
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
