// Cartas emitidas: letters issued in a period (default: this year up to today), by type, newest
// first, with the member and the destination.
import { isIsoDate } from '../../../domain/dates.js';
import { formatDate } from '../../../domain/formats.js';
import {
  LETTER_TYPES,
  LETTER_TYPE_LABELS,
  LETTER_TYPE_PLURALS,
  type LetterType,
  formatLetterNumber,
} from '../../../domain/letters.js';
import { TRANSFER_STATE_LABELS, type TransferState } from '../../../domain/transfers.js';
import { keysetBatches, keysetSegment, seek } from '../../db/keyset.js';
import { inScope } from '../../http/scope.js';
import { badRequest } from '../../plugins/errors.js';
import { type ReportContext, type ReportDefinition, assertKnownFilters } from './report.js';
import { totalOf } from '../../http/listFilters.js';

export interface LettersFilter {
  from: string;
  to: string;
  letter_type?: LetterType;
}

export interface IssuedLetterRow {
  id: number;
  number: number;
  year: number;
  letter_type: string;
  issued_on: string;
  member_id: number;
  member_name: string;
  destination_church: string;
  destination_city: string;
  /** Issued on paper before Adam (the screen marks it; 0/1 from SQLite until page() reads it). */
  issued_on_paper: boolean | number;
  congregation_id: number;
  congregation_name: string;
  /** A transfer letter's transfer: requested, sent, confirmed or cancelled (issue 28). */
  transfer_state: string | null;
  receiving_church: string | null;
  confirmed_at: string | null;
}

// Letters follow their member's congregation (the member's current one).
function baseQuery({ db, scope }: ReportContext, filter: LettersFilter) {
  let query = db
    .selectFrom('letters')
    .where('letters.issued_on', '>=', filter.from)
    .where('letters.issued_on', '<=', filter.to);
  if (scope !== null) {
    query = query.where('letters.member_id', 'in', (eb) =>
      inScope(eb.selectFrom('members').select('members.id'), 'members.congregation_id', scope),
    );
  }
  if (filter.letter_type) query = query.where('letters.letter_type', '=', filter.letter_type);
  return query;
}

/** Newest first, from the (issued_on, id) indexes. */
const ORDER = ['letters.issued_on', 'letters.id'];

function rowsQuery(context: ReportContext, filter: LettersFilter) {
  return baseQuery(context, filter)
    .innerJoin('members', 'members.id', 'letters.member_id')
    .innerJoin('congregations', 'congregations.id', 'members.congregation_id')
    .leftJoin('transfers', 'transfers.letter_id', 'letters.id')
    .select([
      'letters.id',
      'letters.number',
      'letters.year',
      'letters.letter_type',
      'letters.issued_on',
      'letters.member_id',
      'members.name as member_name',
      'letters.destination_church',
      'letters.destination_city',
      'letters.issued_on_paper',
      'members.congregation_id',
      'congregations.name as congregation_name',
      'transfers.state as transfer_state',
      'transfers.receiving_church',
      'transfers.confirmed_at',
    ]);
}

function date(raw: Record<string, unknown>, key: string, fallback: string): string {
  const value = raw[key];
  if (value === undefined || value === null || value === '') return fallback;
  if (!isIsoDate(value)) throw badRequest(`Filtro ${key} inválido: use AAAA-MM-DD.`);
  return value;
}

export const issuedLettersReport: ReportDefinition<LettersFilter, IssuedLetterRow> = {
  key: 'issued_letters',
  filename: (filter) => `cartas-emitidas-${filter.from}-a-${filter.to}`,
  parseFilter(raw, today) {
    assertKnownFilters(raw, ['issued_on_gte', 'issued_on_lte', 'letter_type']);
    const from = date(raw, 'issued_on_gte', `${today.slice(0, 4)}-01-01`);
    const to = date(raw, 'issued_on_lte', today);
    if (to < from) throw badRequest('O fim do período não pode ser anterior ao início.');
    const type = raw.letter_type;
    if (type !== undefined && type !== null && type !== '' && !LETTER_TYPES.includes(type as never))
      throw badRequest('Filtro letter_type inválido.');
    return { from, to, letter_type: (type || undefined) as LetterType | undefined };
  },
  async page(context, filter, range) {
    const [page, counted] = await Promise.all([
      seek(rowsQuery(context, filter), ORDER, 'desc', undefined, range.limit)
        .offset(range.offset)
        .execute(),
      totalOf(context.db, baseQuery(context, filter).select('letters.id'), range),
    ]);
    return {
      rows: page.map((row) => ({ ...row, issued_on_paper: Boolean(row.issued_on_paper) })),
      total: counted,
    };
  },
  batches: (context, filter, limit) =>
    keysetBatches(
      [keysetSegment(rowsQuery(context, filter), ORDER, 'desc', (row) => [row.issued_on, row.id])],
      limit,
    ),
  columns: [
    {
      header: 'Nº',
      value: (row) => formatLetterNumber(row.number, row.year),
      pdfWidth: 1,
      align: 'right',
    },
    { header: 'Data', value: (row) => formatDate(row.issued_on), pdfWidth: 1.5 },
    {
      header: 'Tipo',
      value: (row) => LETTER_TYPE_LABELS[row.letter_type as LetterType] ?? row.letter_type,
      pdfWidth: 1.9,
    },
    { header: 'Membro', value: (row) => row.member_name, pdfWidth: 2.6 },
    { header: 'Congregação', value: (row) => row.congregation_name, pdfWidth: 2 },
    { header: 'Igreja de destino', value: (row) => row.destination_church, pdfWidth: 2.6 },
    { header: 'Cidade', value: (row) => row.destination_city, pdfWidth: 1.6 },
    {
      header: 'Transferência',
      value: (row) =>
        row.transfer_state
          ? (TRANSFER_STATE_LABELS[row.transfer_state as TransferState] ?? row.transfer_state)
          : '',
      pdfWidth: 1.6,
    },
    {
      header: 'Confirmada em',
      value: (row) => (row.confirmed_at ? formatDate(row.confirmed_at) : ''),
      pdfWidth: 1.8,
    },
    { header: 'Igreja que recebeu', value: (row) => row.receiving_church ?? '', pdfWidth: 2.2 },
    { header: 'Emitida antes do Adam', value: (row) => (row.issued_on_paper ? 'Sim' : 'Não') },
  ],
  title: () => 'Cartas emitidas',
  subtitle: (filter) =>
    `${filter.letter_type ? LETTER_TYPE_PLURALS[filter.letter_type] : 'Cartas de recomendação e de transferência'} emitidas de ${formatDate(filter.from)} a ${formatDate(filter.to)}.`,
  empty: 'Nenhuma carta emitida no período.',
  layout: 'landscape',
};
