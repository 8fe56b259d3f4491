// The reports (SPEC §2, /relatorios/...): their paths and API names, and the date arithmetic they
// share between the screens, the API and the exports. The member reports need secretary access;
// the sede's finance result, financial access (ROUTE_ACCESS, domain/access.ts).
import {
  BUDGET_REPORT_PATH,
  REPASSES_PATH,
  EBD_SUMMARY_PATH,
  FINANCE_REPORT_PATH,
  TITHERS_PATH,
  TRIAL_BALANCE_PATH,
  FUNDS_REPORT_PATH,
  routeAccess,
} from './access';
import { addDays, addYears, isLeapYear } from './dates';
import { onlyDigits } from './formats';

export const REPORTS = [
  { key: 'birthdays', path: '/relatorios/aniversariantes', api: 'reports/birthdays' },
  {
    key: 'expiring_credentials',
    path: '/relatorios/cartoes_a_expirar',
    api: 'reports/expiring_credentials',
  },
  {
    key: 'members_without_credentials',
    path: '/relatorios/membros_sem_cartoes',
    api: 'reports/members_without_credentials',
  },
  { key: 'issued_letters', path: '/relatorios/cartas_emitidas', api: 'reports/issued_letters' },
  // The sede's reports (issue 12): one row per congregation.
  {
    key: 'members_by_congregation',
    path: '/relatorios/membros_por_congregacao',
    api: 'reports/members_by_congregation',
  },
  {
    key: 'new_members_by_month',
    path: '/relatorios/novos_membros',
    api: 'reports/new_members_by_month',
  },
  {
    key: 'finance_by_congregation',
    path: FINANCE_REPORT_PATH,
    api: 'reports/finance_by_congregation',
  },
  // What the pastor sees (issue 26): attendance, visitors and "quem sumiu", by section.
  { key: 'church_life', path: '/relatorios/vida_da_igreja', api: 'reports/church_life' },
  // Crianças por idade (issue 28): for the EBD and the children's ministry (personal data).
  { key: 'children', path: '/relatorios/criancas', api: 'reports/children' },
  // The treasury's (issue 25): listed under Financeiro.
  {
    key: 'tithers',
    path: TITHERS_PATH,
    api: 'reports/finance/tithers',
    menu: 'finance',
  },
  // Orçado × realizado (issue 27): the budget against the incomes and expenses, by category.
  {
    key: 'budget',
    path: BUDGET_REPORT_PATH,
    api: 'reports/finance/budget',
    menu: 'finance',
  },
  // Repasses à sede (issue 27): each congregation's share of its tithes and offerings.
  {
    key: 'repasses',
    path: REPASSES_PATH,
    api: 'reports/finance/repasses',
    menu: 'finance',
  },
  // Prestação de contas (issue 27): the balancete do mês, under Financeiro.
  {
    key: 'trial_balance',
    path: TRIAL_BALANCE_PATH,
    api: 'reports/finance/trial_balance',
    menu: 'finance',
  },
  // The restricted funds' balances apart from the free resources (issue 27).
  { key: 'funds', path: FUNDS_REPORT_PATH, api: 'reports/finance/funds', menu: 'finance' },
  // The EBD's Sunday summary (issue 26): listed under Igreja, beside the classes.
  {
    key: 'ebd_summary',
    path: EBD_SUMMARY_PATH,
    api: 'reports/ebd_summary',
    menu: 'church',
  },
  // Prestação de contas (issue 27): the treasurer's statements, listed under Financeiro.
  {
    key: 'statement_of_activities',
    path: '/financeiro/demonstracao-do-resultado',
    api: 'reports/finance/statement_of_activities',
    menu: 'finance',
  },
  {
    key: 'cash_flow',
    path: '/financeiro/fluxo-de-caixa',
    api: 'reports/finance/cash_flow',
    menu: 'finance',
  },
  {
    key: 'cash_book',
    path: '/financeiro/livro-caixa',
    api: 'reports/finance/cash_book',
    menu: 'finance',
  },
] as const;
export type ReportKey = (typeof REPORTS)[number]['key'];

export function reportByKey(key: ReportKey) {
  return REPORTS.find((report) => report.key === key)!;
}

/** Who may open a report: the rule of its screen path (ROUTE_ACCESS), for the API too. */
export const reportAccess = (key: ReportKey) => routeAccess(reportByKey(key).path);

export const DEFAULT_EXPIRING_DAYS = 30;
export const MAX_REPORT_DAYS = 365;

/** A run of birthdays in calendar order: MMDD from..to, celebrated in `year`. */
export interface BirthdaySegment {
  from: number;
  to: number;
  year: number;
}

export interface BirthdayPeriod {
  start: string;
  end: string;
  segments: BirthdaySegment[];
}

const mmdd = (iso: string) => Number(iso.slice(5, 7)) * 100 + Number(iso.slice(8, 10));

// Born on 29/02: in common years the birthday is kept on 28/02, so a run that ends on 28/02
// of a common year also takes the 29/02 birthdays.
function segment(from: string, to: string): BirthdaySegment {
  const year = Number(from.slice(0, 4));
  const end = mmdd(to);
  return { from: mmdd(from), to: end === 228 && !isLeapYear(year) ? 229 : end, year };
}

/**
 * The birthdays of a month, or of the next `days` days from `today` (both YYYY-MM-DD), as
 * runs of MMDD values in calendar order. A month before the current one is next year's.
 */
export function birthdayPeriod(
  filter: { month?: number; days?: number },
  today: string,
): BirthdayPeriod {
  const year = Number(today.slice(0, 4));
  if (filter.days) {
    const end = addDays(today, filter.days - 1);
    if (end.slice(0, 4) === today.slice(0, 4)) {
      return { start: today, end, segments: [segment(today, end)] };
    }
    return {
      start: today,
      end,
      segments: [segment(today, `${year}-12-31`), segment(`${year + 1}-01-01`, end)],
    };
  }
  const month = filter.month ?? Number(today.slice(5, 7));
  const inYear = month >= Number(today.slice(5, 7)) ? year : year + 1;
  const mm = String(month).padStart(2, '0');
  const last = new Date(Date.UTC(inYear, month, 0)).getUTCDate();
  const start = `${inYear}-${mm}-01`;
  const end = `${inYear}-${mm}-${String(last).padStart(2, '0')}`;
  return { start, end, segments: [segment(start, end)] };
}

/** The day a birthday is celebrated in `year` (29/02 falls on 28/02 in common years). */
export function celebratedOn(birthDate: string, year: number): string {
  const monthDay = birthDate.slice(5);
  if (monthDay === '02-29' && !isLeapYear(year)) return `${year}-02-28`;
  return `${year}-${monthDay}`;
}

/** A wa.me link for a Brazilian mobile or landline (DDD + number), or null. */
export function whatsappUrl(phone: string | null | undefined, message?: string): string | null {
  const digits = onlyDigits(phone);
  if (!/^[1-9]\d{9,10}$/.test(digits)) return null;
  const text = message ? `?text=${encodeURIComponent(message)}` : '';
  return `https://wa.me/55${digits}${text}`;
}

/** The WhatsApp greeting of a birthday, by first name. */
export function birthdayGreeting(name: string): string {
  return `Feliz aniversário, ${name.trim().split(/\s+/)[0]}! Que Deus abençoe o seu novo ano de vida.`;
}

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/** "Vence hoje", "Vence em 3 dias", "Vencida há 10 dias". */
export function expiryText(expiresOn: string, today: string): string {
  const days = daysBetween(today, expiresOn);
  if (days === 0) return 'Vence hoje';
  if (days === 1) return 'Vence amanhã';
  if (days > 1) return `Vence em ${days} dias`;
  return days === -1 ? 'Vencida há 1 dia' : `Vencida há ${-days} dias`;
}

const SHORT_MONTHS = [
  'jan',
  'fev',
  'mar',
  'abr',
  'mai',
  'jun',
  'jul',
  'ago',
  'set',
  'out',
  'nov',
  'dez',
];

/** '2026-03' -> 'mar/2026': a month's column in the sede's reports. */
export function shortMonth(month: string): string {
  return `${SHORT_MONTHS[Number(month.slice(5, 7)) - 1]}/${month.slice(0, 4)}`;
}

/** The longest period of the new members report, in months (one column each). */
export const MAX_REPORT_MONTHS = 12;

/** The months from `from` to `to` (both YYYY-MM, inclusive), in order. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number);
  const last = to;
  for (;;) {
    const current = `${year}-${String(month).padStart(2, '0')}`;
    if (current > last) break;
    months.push(current);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** A dizimista's months since his last tithe up to a period's end: "Em dia", "Sem dízimo há 3 meses". */
export function monthsWithoutText(months: number): string {
  if (months === 0) return 'Em dia';
  return `Sem dízimo há ${months} ${months === 1 ? 'mês' : 'meses'}`;
}

/**
 * The same period one year earlier (a statement's comparison column): a period ending on a
 * month's last day ends on that month's last day (29/02 and 28/02 alike).
 */
export function sameDaysLastYear({ from, to }: { from: string; to: string }) {
  const end = addYears(to, -1);
  return {
    from: addYears(from, -1),
    to: to === lastDayOf(to.slice(0, 7)) ? lastDayOf(end.slice(0, 7)) : end,
  };
}

/** The last day (YYYY-MM-DD) of a month (YYYY-MM). */
export function lastDayOf(month: string): string {
  const [year, number] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}
