// Aniversariantes: active members whose birthday falls in a month or in the next N days, in
// calendar order, read from the (status, birth_md, sort_name) index one run of days at a time.
import { monthName } from '../../../domain/calendar.js';
import { formatBirthday, formatDate, formatPhone } from '../../../domain/formats.js';
import {
  type BirthdayPeriod,
  type BirthdaySegment,
  MAX_REPORT_DAYS,
  birthdayGreeting,
  birthdayPeriod,
  celebratedOn,
  whatsappUrl,
} from '../../../domain/reports.js';
import { keysetBatches, keysetSegment, seek } from '../../db/keyset.js';
import { inScope } from '../../http/scope.js';
import { badRequest } from '../../plugins/errors.js';
import {
  type ReportContext,
  type ReportDefinition,
  assertKnownFilters,
  integerFilter,
  loaded,
} from './report.js';

export interface BirthdaysFilter {
  month?: number;
  days?: number;
  department_id?: number;
  period: BirthdayPeriod;
}

export interface BirthdayRow {
  id: number;
  name: string;
  birth_date: string;
  /** The day it is celebrated in the period (YYYY-MM-DD). */
  birthday: string;
  /** The age completed on that day. */
  age: number;
  phone_mobile: string | null;
  phone_home: string | null;
  email: string | null;
  congregation_id: number;
  congregation_name: string;
}

function segmentQuery({ db, scope }: ReportContext, filter: BirthdaysFilter, run: BirthdaySegment) {
  let query = inScope(
    db
      .selectFrom('members')
      .where('members.status', '=', 'active')
      .where('members.birth_md', '>=', run.from)
      .where('members.birth_md', '<=', run.to),
    'members.congregation_id',
    scope,
  );
  if (filter.department_id) {
    const departmentId = filter.department_id;
    query = query.where('members.id', 'in', (eb) =>
      eb
        .selectFrom('member_departments')
        .select('member_departments.member_id')
        .where('member_departments.department_id', '=', departmentId),
    );
  }
  return query;
}

/** A run's order, from the (status, birth_md, sort_name, id) index. */
const ORDER = ['members.birth_md', 'members.sort_name', 'members.id'];

const keysQuery = (context: ReportContext, filter: BirthdaysFilter, run: BirthdaySegment) =>
  segmentQuery(context, filter, run).select([
    'members.id',
    'members.birth_md',
    'members.sort_name',
  ]);

type Key = Awaited<ReturnType<ReturnType<typeof keysQuery>['execute']>>[number];

/** The rows of these members of a run, in this order. */
async function rowsOf(
  context: ReportContext,
  run: BirthdaySegment,
  ids: number[],
): Promise<BirthdayRow[]> {
  if (ids.length === 0) return [];
  const found = await context.db
    .selectFrom('members')
    .innerJoin('congregations', 'congregations.id', 'members.congregation_id')
    .select([
      'members.id',
      'members.name',
      'members.birth_date',
      'members.phone_mobile',
      'members.phone_home',
      'members.email',
      'members.congregation_id',
      'congregations.name as congregation_name',
    ])
    .where('members.id', 'in', ids)
    .execute();
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
  return rows.map((row) => ({
    ...row,
    birth_date: row.birth_date!,
    birthday: celebratedOn(row.birth_date!, run.year),
    age: run.year - Number(row.birth_date!.slice(0, 4)),
  }));
}

/**
 * A run's count: without a department, the sum of the run's days in member_birthdays (migration
 * 0014: at most 31 days × the view's congregations), not a count of the run's members.
 */
async function segmentCount(context: ReportContext, filter: BirthdaysFilter, run: BirthdaySegment) {
  const counted = filter.department_id
    ? segmentQuery(context, filter, run).select((eb) => eb.fn.countAll<number>().as('total'))
    : inScope(
        context.db
          .selectFrom('member_birthdays')
          .where('member_birthdays.birth_md', '>=', run.from)
          .where('member_birthdays.birth_md', '<=', run.to),
        'member_birthdays.congregation_id',
        context.scope,
      ).select((eb) =>
        eb.fn.coalesce(eb.fn.sum<number>('member_birthdays.count'), eb.lit(0)).as('total'),
      );
  const { total } = await counted.executeTakeFirstOrThrow();
  return Number(total);
}

export const birthdaysReport: ReportDefinition<BirthdaysFilter, BirthdayRow> = {
  key: 'birthdays',
  // A month's list is named after the month (aniversariantes-2026-12), the next days after them.
  filename: ({ days, period }) =>
    days
      ? `aniversariantes-${period.start}-a-${period.end}`
      : `aniversariantes-${period.start.slice(0, 7)}`,
  parseFilter(raw, today) {
    assertKnownFilters(raw, ['month', 'days', 'department_id']);
    const month = integerFilter(raw, 'month', { min: 1, max: 12 });
    const days = integerFilter(raw, 'days', { min: 1, max: MAX_REPORT_DAYS });
    if (month && days) throw badRequest('Escolha um mês ou um número de dias, não os dois.');
    const department_id = integerFilter(raw, 'department_id', {
      min: 1,
      max: Number.MAX_SAFE_INTEGER,
    });
    return { month, days, department_id, period: birthdayPeriod({ month, days }, today) };
  },
  async page(context, filter, range) {
    const counts = await Promise.all(
      filter.period.segments.map((run) => segmentCount(context, filter, run)),
    );
    const rows: BirthdayRow[] = [];
    let skip = range.offset;
    for (const [index, run] of filter.period.segments.entries()) {
      const want = range.limit - rows.length;
      if (want <= 0) break;
      if (skip >= counts[index]) {
        skip -= counts[index];
        continue;
      }
      const keys = await seek(keysQuery(context, filter, run), ORDER, 'asc', undefined, want)
        .offset(skip)
        .execute();
      rows.push(
        ...(await rowsOf(
          context,
          run,
          keys.map((key) => key.id),
        )),
      );
      skip = 0;
    }
    return { rows, total: counts.reduce((sum, count) => sum + count, 0) };
  },
  batches(context, filter, limit) {
    // One keyset run per run of days, each key tagged with its run (the year of the birthday).
    const segments = filter.period.segments.map((run) => {
      const segment = keysetSegment(keysQuery(context, filter, run), ORDER, 'asc', (key) => [
        key.birth_md,
        key.sort_name,
        key.id,
      ]);
      return async (after: (Key & { run: BirthdaySegment }) | undefined, size: number) =>
        (await segment(after, size)).map((key) => ({ ...key, run }));
    });
    return loaded(keysetBatches(segments, limit), (keys) =>
      rowsOf(
        context,
        keys[0].run,
        keys.map((key) => key.id),
      ),
    );
  },
  columns: [
    { header: 'Aniversário', value: (row) => formatBirthday(row.birthday), pdfWidth: 1.1 },
    { header: 'Nome', value: (row) => row.name, pdfWidth: 4 },
    { header: 'Idade', value: (row) => `${row.age} anos`, pdfWidth: 1, align: 'right' },
    { header: 'Congregação', value: (row) => row.congregation_name, pdfWidth: 2.4 },
    { header: 'Nascimento', value: (row) => formatDate(row.birth_date) },
    { header: 'Celular', value: (row) => formatPhone(row.phone_mobile), pdfWidth: 1.8 },
    { header: 'Telefone', value: (row) => formatPhone(row.phone_home), pdfWidth: 1.8 },
    { header: 'E-mail', value: (row) => row.email ?? '' },
    {
      header: 'WhatsApp',
      value: (row) => whatsappUrl(row.phone_mobile, birthdayGreeting(row.name)) ?? '',
    },
  ],
  title: (filter) =>
    filter.days
      ? `Aniversariantes dos próximos ${filter.days} ${filter.days === 1 ? 'dia' : 'dias'}`
      : `Aniversariantes de ${monthName(filter.period.start)}`,
  subtitle: (filter) =>
    `Membros ativos, de ${formatDate(filter.period.start)} a ${formatDate(filter.period.end)}.` +
    ' Quem nasceu em 29/02 aparece em 28/02 nos anos não bissextos.',
  empty: 'Nenhum aniversariante no período.',
};
