// Crianças por idade (issue 28): the members and relatives who are no members in an age range
// (by default under 12), youngest first, with their household and its parents or guardians and
// their phones — for the EBD and the children's ministry. Read from the families module.
import { formatDate, formatPhone } from '../../../domain/formats.js';
import { DEFAULT_CHILD_AGE, MAX_CHILD_AGE } from '../../../domain/families.js';
import { badRequest } from '../../plugins/errors.js';
import {
  type ChildRow,
  type ChildrenFilter,
  childrenPage,
  countChildren,
} from '../families/index.js';
import { type ReportDefinition, assertKnownFilters, integerFilter } from './report.js';

const BATCH = 1000;

const ages = (filter: ChildrenFilter) =>
  filter.age_min === 0
    ? `menores de ${filter.age_max + 1} anos`
    : `de ${filter.age_min} a ${filter.age_max} anos`;

const guardiansText = (row: ChildRow) =>
  row.guardians.map((guardian) => `${guardian.name} (${guardian.relation_text})`).join('; ');

const phonesText = (row: ChildRow) =>
  row.guardians
    .filter((guardian) => guardian.phone)
    .map((guardian) => `${guardian.name.split(/\s+/)[0]}: ${formatPhone(guardian.phone)}`)
    .join('; ');

export const childrenReport: ReportDefinition<ChildrenFilter, ChildRow> = {
  key: 'children',
  filename: (filter, today) => `criancas-${filter.age_min}-a-${filter.age_max}-anos-em-${today}`,
  plainFilters: ['age_min', 'age_max'],
  parseFilter(raw) {
    assertKnownFilters(raw, ['age_min', 'age_max']);
    const age_min = integerFilter(raw, 'age_min', { min: 0, max: MAX_CHILD_AGE }) ?? 0;
    const age_max =
      integerFilter(raw, 'age_max', { min: 0, max: MAX_CHILD_AGE }) ?? DEFAULT_CHILD_AGE - 1;
    if (age_max < age_min) throw badRequest('A idade máxima não pode ser menor que a mínima.');
    return { age_min, age_max };
  },
  async page({ db, scope, today }, filter, range) {
    const [rows, total] = await Promise.all([
      childrenPage(db, scope, filter, today, range),
      countChildren(db, scope, filter, today),
    ]);
    return { rows, total };
  },
  async *batches({ db, scope, today }, filter, limit) {
    for (let offset = 0; offset < limit; offset += BATCH) {
      const rows = await childrenPage(db, scope, filter, today, {
        offset,
        limit: Math.min(BATCH, limit - offset),
      });
      if (rows.length > 0) yield rows;
      if (rows.length < BATCH) return;
    }
  },
  columns: [
    { header: 'Nome', value: (row) => row.name, pdfWidth: 2.6 },
    { header: 'Idade', value: (row) => String(row.age), pdfWidth: 0.7, align: 'right' },
    { header: 'Nascimento', value: (row) => formatDate(row.birth_date), pdfWidth: 1.2 },
    { header: 'Membro', value: (row) => (row.member_id === null ? 'Não' : 'Sim'), pdfWidth: 0.9 },
    { header: 'Congregação', value: (row) => row.congregation_name, pdfWidth: 1.6 },
    { header: 'Família', value: (row) => row.family_name ?? '', pdfWidth: 1.6 },
    { header: 'Pais ou responsáveis', value: guardiansText, pdfWidth: 3 },
    { header: 'Telefones', value: phonesText, pdfWidth: 2.4 },
  ],
  title: (filter) => `Crianças ${ages(filter)}`,
  subtitle: (filter, today) =>
    `Membros e parentes não membros ${ages(filter)} em ${formatDate(today)}, dos mais novos aos mais velhos.`,
  empty: 'Nenhuma criança nesta faixa de idade.',
  layout: 'landscape',
};
