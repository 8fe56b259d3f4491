// Vida da igreja (/relatorios/vida_da_igreja, issue 26): what the pastor sees, one report whose
// `section` filter picks the table — "cultos": each recurring culto's average attendance month by
// month (the screen's chart reads its totals row); "kinds": attendance by gathering kind (cultos,
// events, and cells and EBD classes as their kinds arrive, named by GATHERING_KIND_LABELS or by
// the kind itself); "visitors": new visitors per month and how many became members; "missing":
// quem sumiu. Each as a page, a CSV and a PDF, in the report's scope (congregation or campo).
import {
  CHURCH_LIFE_COLUMNS as C,
  CHURCH_LIFE_SECTIONS,
  CHURCH_LIFE_SECTION_LABELS,
  type ChurchLifeSection,
  DEFAULT_MISSING_WEEKS,
  MAX_MISSING_WEEKS,
  gatheringKindLabel,
  percentText,
} from '../../../domain/churchLifeReport.js';
import { addDays, addMonths } from '../../../domain/dates.js';
import { formatDate, formatPhone } from '../../../domain/formats.js';
import {
  MAX_REPORT_MONTHS,
  lastDayOf,
  monthsBetween,
  shortMonth,
} from '../../../domain/reports.js';
import { badRequest } from '../../plugins/errors.js';
import { gatheringTotals, missingMembers, visitorsOfPeriod } from './churchLifeFigures.js';
import { TOTAL_LABEL, wholeTable } from './congregationTable.js';
import { congregationsInView } from './congregations.js';
import {
  type ReportColumn,
  type ReportContext,
  type ReportDefinition,
  assertKnownFilters,
  integerFilter,
  monthFilter,
} from './report.js';

export interface ChurchLifeFilter {
  section: ChurchLifeSection;
  from: string;
  to: string;
  months: string[];
  weeks: number;
}

/**
 * One row of any section: `label` names it (a culto, a kind, a month, a member); the section's
 * columns read the figures it fills.
 */
export interface ChurchLifeRow {
  id: number;
  is_total: boolean;
  label: string;
  congregation_name: string | null;
  /** cultos: the average per culto of each month (null: none held); kinds: the sum. */
  months?: Array<number | null>;
  gatherings?: number;
  total?: number;
  average?: number;
  /** visitors */
  month?: string;
  visitors?: number;
  converted?: number;
  /** missing */
  member_id?: number;
  phone?: string | null;
  last_presence?: string;
  weeks_absent?: number;
  presences?: number;
}

const count = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : value.toLocaleString('pt-BR');
const average = (sum: number, n: number) => (n === 0 ? 0 : Math.round(sum / n));

/** Sum and count per month, in the period's order. */
function monthly(months: string[]) {
  const sums = months.map(() => 0);
  const counts = months.map(() => 0);
  const at = new Map(months.map((month, index) => [month, index]));
  return {
    /** `gatherings` gatherings of `month` whose totals sum to `total`. */
    add(month: string, total: number, gatherings: number) {
      const index = at.get(month);
      if (index === undefined) return;
      sums[index] += total;
      counts[index] += gatherings;
    },
    sums,
    counts,
    gatherings: () => counts.reduce((a, b) => a + b, 0),
    total: () => sums.reduce((a, b) => a + b, 0),
  };
}

async function cultoRows(context: ReportContext, filter: ChurchLifeFilter) {
  const start = `${filter.from}-01`;
  const end = lastDayOf(filter.to);
  const [totals, congregations] = await Promise.all([
    gatheringTotals(context, start, end),
    congregationsInView(context.db, context.scope),
  ]);
  const services = totals.filter((row) => row.kind === 'service');
  const serviceNames = new Map(
    (
      await context.db
        .selectFrom('worship_services')
        .select(['id', 'name'])
        .where('id', 'in', [0, ...new Set(services.flatMap((row) => row.worship_service_id ?? []))])
        .execute()
    ).map((row) => [row.id, row.name]),
  );
  const order = new Map(congregations.map((congregation, index) => [congregation.id, index]));
  const names = new Map(congregations.map((congregation) => [congregation.id, congregation.name]));
  const groups = new Map<
    string,
    { name: string; congregation_id: number; figures: ReturnType<typeof monthly> }
  >();
  const all = monthly(filter.months);
  for (const row of services) {
    const name = (row.worship_service_id && serviceNames.get(row.worship_service_id)) || row.name;
    const key = `${row.congregation_id}:${row.worship_service_id ?? `:${name}`}`;
    const group = groups.get(key) ?? {
      name,
      congregation_id: row.congregation_id,
      figures: monthly(filter.months),
    };
    group.figures.add(row.month, row.total, row.gatherings);
    groups.set(key, group);
    all.add(row.month, row.total, row.gatherings);
  }
  const rowOf = (
    id: number,
    label: string,
    congregation: string | null,
    figures: ReturnType<typeof monthly>,
    isTotal: boolean,
  ): ChurchLifeRow => ({
    id,
    is_total: isTotal,
    label,
    congregation_name: congregation,
    months: figures.sums.map((sum, index) =>
      figures.counts[index] === 0 ? null : average(sum, figures.counts[index]),
    ),
    gatherings: figures.gatherings(),
    total: figures.total(),
    average: average(figures.total(), figures.gatherings()),
  });
  const rows = [...groups.values()]
    .sort(
      (a, b) =>
        (order.get(a.congregation_id) ?? 0) - (order.get(b.congregation_id) ?? 0) ||
        a.name.localeCompare(b.name, 'pt-BR'),
    )
    .map((group, index) =>
      rowOf(index + 1, group.name, names.get(group.congregation_id) ?? '', group.figures, false),
    );
  return [...rows, rowOf(0, 'Todos os cultos', null, all, true)];
}

async function kindRows(context: ReportContext, filter: ChurchLifeFilter) {
  const totals = await gatheringTotals(context, `${filter.from}-01`, lastDayOf(filter.to));
  const kinds = new Map<string, ReturnType<typeof monthly>>();
  const all = monthly(filter.months);
  for (const row of totals) {
    const figures = kinds.get(row.kind) ?? monthly(filter.months);
    figures.add(row.month, row.total, row.gatherings);
    kinds.set(row.kind, figures);
    all.add(row.month, row.total, row.gatherings);
  }
  const rowOf = (
    id: number,
    label: string,
    figures: ReturnType<typeof monthly>,
    isTotal: boolean,
  ) => ({
    id,
    is_total: isTotal,
    label,
    congregation_name: null,
    months: figures.sums,
    gatherings: figures.gatherings(),
    total: figures.total(),
    average: average(figures.total(), figures.gatherings()),
  });
  const rows = [...kinds.entries()]
    .map(([kind, figures]) => ({ label: gatheringKindLabel(kind), figures }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'))
    .map(({ label, figures }, index) => rowOf(index + 1, label, figures, false));
  return [...rows, rowOf(0, TOTAL_LABEL, all, true)];
}

async function visitorRows(context: ReportContext, filter: ChurchLifeFilter) {
  const visitors = await visitorsOfPeriod(context, `${filter.from}-01`, lastDayOf(filter.to));
  const rows: ChurchLifeRow[] = filter.months.map((month, index) => {
    const of = visitors.filter((visitor) => visitor.day.startsWith(month));
    return {
      id: index + 1,
      is_total: false,
      label: shortMonth(month),
      congregation_name: null,
      month,
      visitors: of.length,
      converted: of.filter((visitor) => visitor.converted).length,
    };
  });
  return [
    ...rows,
    {
      id: 0,
      is_total: true,
      label: TOTAL_LABEL,
      congregation_name: null,
      visitors: visitors.length,
      converted: visitors.filter((visitor) => visitor.converted).length,
    },
  ];
}

async function missingRows(context: ReportContext, filter: ChurchLifeFilter) {
  const [members, congregations] = await Promise.all([
    missingMembers(context, filter.weeks),
    congregationsInView(context.db, context.scope),
  ]);
  const names = new Map(congregations.map((congregation) => [congregation.id, congregation.name]));
  return members.map((member): ChurchLifeRow => ({
    id: member.id,
    is_total: false,
    label: member.name,
    congregation_name: names.get(member.congregation_id) ?? '',
    member_id: member.id,
    phone: member.phone_mobile,
    last_presence: member.last_presence,
    weeks_absent: member.weeks_absent,
    presences: member.presences,
  }));
}

const ROWS: Record<
  ChurchLifeSection,
  (context: ReportContext, filter: ChurchLifeFilter) => Promise<ChurchLifeRow[]>
> = { cultos: cultoRows, kinds: kindRows, visitors: visitorRows, missing: missingRows };

function monthColumns(filter: ChurchLifeFilter): ReportColumn<ChurchLifeRow>[] {
  return filter.months.map((month, index) => ({
    header: shortMonth(month),
    value: (row) => count(row.months?.[index]),
    pdfWidth: 1,
    align: 'right' as const,
  }));
}

function columns(filter: ChurchLifeFilter): ReportColumn<ChurchLifeRow>[] {
  const narrow = Math.max(2.2, 5 - filter.months.length * 0.2);
  switch (filter.section) {
    case 'cultos':
      return [
        { header: C.culto, value: (row) => row.label, pdfWidth: narrow },
        { header: C.congregation, value: (row) => row.congregation_name ?? '', pdfWidth: narrow },
        ...monthColumns(filter),
        {
          header: C.gatherings,
          value: (row) => count(row.gatherings),
          pdfWidth: 1,
          align: 'right',
        },
        { header: C.average, value: (row) => count(row.average), pdfWidth: 1, align: 'right' },
      ];
    case 'kinds':
      return [
        { header: C.kind, value: (row) => row.label, pdfWidth: narrow },
        ...monthColumns(filter),
        { header: C.meetings, value: (row) => count(row.gatherings), pdfWidth: 1, align: 'right' },
        { header: C.presences, value: (row) => count(row.total), pdfWidth: 1, align: 'right' },
        { header: C.average, value: (row) => count(row.average), pdfWidth: 1, align: 'right' },
      ];
    case 'visitors':
      return [
        { header: C.month, value: (row) => row.label, pdfWidth: 2 },
        { header: C.visitors, value: (row) => count(row.visitors), pdfWidth: 1, align: 'right' },
        {
          header: C.converted,
          value: (row) => count(row.converted),
          pdfWidth: 1.5,
          align: 'right',
        },
        {
          header: C.rate,
          value: (row) => percentText(row.converted ?? 0, row.visitors ?? 0),
          pdfWidth: 1,
          align: 'right',
        },
      ];
    case 'missing':
      return [
        { header: C.member, value: (row) => row.label, pdfWidth: 3 },
        { header: C.congregation, value: (row) => row.congregation_name ?? '', pdfWidth: 2 },
        {
          header: C.phone,
          value: (row) => (row.phone ? formatPhone(row.phone) : ''),
          pdfWidth: 1.6,
        },
        {
          header: C.last_presence,
          value: (row) => (row.last_presence ? formatDate(row.last_presence) : ''),
          pdfWidth: 1.3,
        },
        {
          header: C.weeks_absent,
          value: (row) => count(row.weeks_absent),
          pdfWidth: 1.2,
          align: 'right',
        },
        { header: C.presences, value: (row) => count(row.presences), pdfWidth: 1, align: 'right' },
      ];
  }
}

export const churchLifeReport: ReportDefinition<ChurchLifeFilter, ChurchLifeRow> = {
  key: 'church_life',
  filename: (filter, today) =>
    filter.section === 'missing'
      ? `quem-sumiu-${filter.weeks}-semanas-em-${today}`
      : `vida-da-igreja-${filter.section}-${filter.from}-a-${filter.to}`,
  parseFilter(raw, today) {
    assertKnownFilters(raw, ['section', 'month_gte', 'month_lte', 'weeks']);
    const section = raw.section ?? 'cultos';
    if (!(CHURCH_LIFE_SECTIONS as readonly unknown[]).includes(section)) {
      throw badRequest(`Filtro section inválido: use ${CHURCH_LIFE_SECTIONS.join(', ')}.`);
    }
    const to = monthFilter(raw, 'month_lte', today.slice(0, 7));
    const from = monthFilter(
      raw,
      'month_gte',
      addMonths(`${to}-01`, 1 - MAX_REPORT_MONTHS).slice(0, 7),
    );
    if (to < from) throw badRequest('O fim do período não pode ser anterior ao início.');
    const months = monthsBetween(from, to);
    if (months.length > MAX_REPORT_MONTHS)
      throw badRequest(`Escolha um período de no máximo ${MAX_REPORT_MONTHS} meses.`);
    const weeks =
      integerFilter(raw, 'weeks', { min: 1, max: MAX_MISSING_WEEKS }) ?? DEFAULT_MISSING_WEEKS;
    return { section: section as ChurchLifeSection, from, to, months, weeks };
  },
  ...wholeTable((context, filter) => ROWS[filter.section](context, filter)),
  columns,
  title: (filter) => `Vida da igreja: ${CHURCH_LIFE_SECTION_LABELS[filter.section].toLowerCase()}`,
  subtitle: (filter, today) =>
    filter.section === 'missing'
      ? `Membros ativos com presença registrada e nenhuma nas últimas ${filter.weeks} semanas (desde ${formatDate(addDays(today, -7 * filter.weeks))}).`
      : `De ${formatDate(`${filter.from}-01`)} a ${formatDate(lastDayOf(filter.to))}.${filter.section === 'cultos' ? ' Média de presentes por culto em cada mês (contagem, ou as presenças marcadas pelo nome).' : ''}`,
  empty: 'Nada registrado no período.',
  layout: 'landscape',
};
