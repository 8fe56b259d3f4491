// Resumo da EBD: the secretary's summary of a Sunday (default: the last one), per class and in
// total — matriculados, presentes, ausentes, visitantes, Bíblias, revistas, oferta — read from the
// classes' chamadas (modules/ebd).
import { isIsoDate } from '../../../domain/dates.js';
import { type EbdFigures, quarterLabel, quarterOf, sundayOf } from '../../../domain/ebd.js';
import { formatMoney, formatDate } from '../../../domain/formats.js';
import { type SummaryRow, sundaySummary } from '../ebd/index.js';
import { csvAmount } from '../../http/csv.js';
import { badRequest } from '../../plugins/errors.js';
import { wholeTable } from './congregationTable.js';
import { type ReportColumn, type ReportDefinition, assertKnownFilters } from './report.js';

export interface EbdSummaryFilter {
  date: string;
}

const count = (value: number) => value.toLocaleString('pt-BR');

/** A figure's column: right-aligned, empty for a class whose chamada was not taken. */
function figure(
  header: string,
  key: keyof EbdFigures,
  show: (value: number) => string = count,
): ReportColumn<SummaryRow> {
  return {
    header,
    value: (row) => (row.figures ? show(row.figures[key]) : ''),
    pdfWidth: 1,
    align: 'right',
  };
}

export const ebdSummaryReport: ReportDefinition<EbdSummaryFilter, SummaryRow> = {
  key: 'ebd_summary',
  filename: (filter) => `resumo-ebd-${filter.date}`,
  parseFilter(raw, today) {
    assertKnownFilters(raw, ['date']);
    const date = raw.date ?? sundayOf(today);
    if (!isIsoDate(date)) throw badRequest('Filtro date inválido: use AAAA-MM-DD.');
    return { date };
  },
  ...wholeTable(({ db, scope }, filter) => sundaySummary(db, scope, filter.date)),
  columns: [
    { header: 'Turma', value: (row) => row.class_name, pdfWidth: 2.4 },
    { header: 'Congregação', value: (row) => row.congregation_name, pdfWidth: 2 },
    {
      header: 'Chamada',
      value: (row) => (row.is_total ? '' : row.roll_call_id === null ? 'Não feita' : 'Feita'),
      pdfWidth: 1.1,
    },
    figure('Matriculados', 'enrolled'),
    figure('Presentes', 'present'),
    figure('Ausentes', 'absent'),
    figure('Visitantes', 'visitors'),
    figure('Bíblias', 'bibles'),
    figure('Revistas', 'magazines'),
    {
      ...figure('Oferta', 'offering_cents', formatMoney),
      pdfWidth: 1.4,
      csv: {
        header: 'Oferta (R$)',
        value: (row) => (row.figures ? csvAmount(row.figures.offering_cents) : ''),
        numeric: true,
      },
    },
  ],
  title: () => 'Resumo da EBD',
  subtitle: (filter) => {
    const { year, quarter } = quarterOf(filter.date);
    return `Domingo ${formatDate(filter.date)}, ${quarterLabel(year, quarter)}. O total soma as turmas com chamada.`;
  },
  empty: 'Nenhuma turma neste trimestre.',
  layout: 'landscape',
};
