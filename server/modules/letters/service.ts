// Letters read and issued: numbered per year in the issuing transaction; a transfer letter opens
// the member's outgoing transfer in the same transaction (the member becomes "em transferência"
// until the receiving church confirms: modules/transfers).
import type { Kysely } from 'kysely';
import { todayIso } from '../../../domain/dates.js';
import { formatDate } from '../../../domain/formats.js';
import {
  LETTER_TYPES,
  type LetterInput,
  type LetterType,
  formatLetterNumber,
  letterText,
} from '../../../domain/letters.js';
import { nextNumber } from '../../db/counters.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database, Letter } from '../../db/schema.js';
import { applyFilters, pageOf, totalOf } from '../../http/listFilters.js';
import type { ListParams } from '../../http/simpleRest.js';
import { paperLetterSchema } from '../../../domain/paperHistory.js';
import { ANONYMIZED_MEMBER_LOCKED } from '../../../domain/subjectRights.js';
import { conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import { recordPaperLetter } from './paper.js';
import { type LetterPdf, letterPdf } from '../../pdf/letter.js';
import { type Actor, audit } from '../../audit/trail.js';
import { codeOfLetter, openOutgoingTransfer, renewCode } from '../transfers/index.js';
import { transferConfirmationPath } from '../../../domain/transfers.js';
import { ensureChurchReadyForDocuments } from '../church/index.js';
import { type Scope, ensureReadable, ensureWritable } from '../../http/scope.js';
import { ensureMemberWritable, listCongregations, throughMember } from '../members/index.js';

const NOT_FOUND = 'Carta não encontrada.';
export const LETTER_SORTS = {
  issued_on: 'issued_on',
  number: 'number',
  letter_type: 'letter_type',
  id: 'id',
} as const;

type LetterRow = Letter & {
  member_name: string;
  congregation_id: number;
  congregation_name: string;
  transfer_id: number | null;
  transfer_state: string | null;
};

function toApiLetter(row: LetterRow) {
  return {
    id: row.id,
    member_id: row.member_id,
    member_name: row.member_name,
    congregation_id: row.congregation_id,
    congregation_name: row.congregation_name,
    letter_type: row.letter_type,
    year: row.year,
    number: row.number,
    number_text: formatLetterNumber(row.number, row.year),
    issued_on: row.issued_on,
    destination_church: row.destination_church,
    destination_city: row.destination_city,
    notes: row.notes,
    issued_on_paper: Boolean(row.issued_on_paper),
    transfer_id: row.transfer_id,
    transfer_state: row.transfer_state,
    created_at: row.created_at,
  };
}

function lettersWithMember(db: Kysely<Database>) {
  return db
    .selectFrom('letters')
    .innerJoin('members', 'members.id', 'letters.member_id')
    .innerJoin('congregations', 'congregations.id', 'members.congregation_id')
    .leftJoin('transfers', 'transfers.letter_id', 'letters.id')
    .selectAll('letters')
    .select([
      'members.name as member_name',
      'members.congregation_id',
      'congregations.name as congregation_name',
      'transfers.id as transfer_id',
      'transfers.state as transfer_state',
    ]);
}

/** A letter; one of a member outside `rights` does not exist (404). */
export async function loadLetter(db: Kysely<Database>, id: number, rights: Scope = null) {
  const row = await lettersWithMember(db).where('letters.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  ensureReadable(rights, row.congregation_id);
  return toApiLetter(row);
}

/** The letters of the view's members (the filter's congregation_id inside the view). */
export async function listLetters(
  db: Kysely<Database>,
  { sort, range, filter }: ListParams,
  view: Scope = null,
) {
  let query = throughMember(
    db.selectFrom('letters'),
    'letters.member_id',
    listCongregations(filter, view),
  );
  query = applyFilters(query, filter, {
    congregation_id: (applied) => applied, // by listCongregations above
    member_id: 'reference',
    id: 'ids',
    letter_type: LETTER_TYPES,
    issued_on_gte: 'from',
    issued_on_lte: 'to',
  });
  const column = LETTER_SORTS[sort.field as keyof typeof LETTER_SORTS];
  const [ids, total] = await Promise.all([
    pageOf(query.select('letters.id'), column, sort, range).execute(),
    totalOf(db, query.select('letters.id')),
  ]);
  const rows = ids.length
    ? await lettersWithMember(db)
        .where(
          'letters.id',
          'in',
          ids.map((row) => row.id),
        )
        .execute()
    : [];
  const byId = new Map(rows.map((row) => [row.id, toApiLetter(row)]));
  const data = ids.map((row) => byId.get(row.id)!);
  return { rows: data, total };
}

/**
 * The printable letter (PDF) of a stored one, with the member's congregation; a transfer letter's
 * `confirmation` (its code and the public page's address) is printed with a QR code.
 */
export async function letterDocument(
  db: Kysely<Database>,
  id: number,
  rights: Scope = null,
  confirmation: LetterPdf['confirmation'] = null,
) {
  const letter = await loadLetter(db, id, rights);
  // Adam never wrote this letter's text: printing one now would make a document that was never
  // sent. The paper copy (or the church's book) is the record.
  if (letter.issued_on_paper) {
    throw conflict(
      `A carta nº ${letter.number_text} foi emitida em papel antes do Adam: o Adam não tem o texto dela para imprimir.`,
    );
  }
  const [church, member] = await Promise.all([
    db.selectFrom('church').selectAll().where('id', '=', 1).executeTakeFirstOrThrow(),
    db
      .selectFrom('members')
      .leftJoin('positions', 'positions.id', 'members.position_id')
      .select([
        'members.name',
        'members.sex',
        'members.admission_date',
        'members.anonymized_at',
        'positions.name as position',
      ])
      .where('members.id', '=', letter.member_id)
      .executeTakeFirstOrThrow(),
  ]);
  // Printed now, it would carry "Titular anonimizado nº N": a letter that was never sent.
  if (member.anonymized_at) {
    throw conflict(
      `A carta nº ${letter.number_text} é de um titular anonimizado: o Adam não a imprime mais.`,
    );
  }
  const pdf = await letterPdf({
    church,
    number: letter.number,
    year: letter.year,
    issued_on: letter.issued_on,
    congregation_name: letter.congregation_name,
    confirmation,
    text: letterText({
      letter_type: letter.letter_type as LetterType,
      destination_church: letter.destination_church,
      destination_city: letter.destination_city,
      notes: letter.notes,
      member,
      admission_date_text: member.admission_date ? formatDate(member.admission_date) : null,
    }),
  });
  return { letter, pdf };
}

export async function issueLetter(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  letter: LetterInput,
  actor: Actor,
) {
  await ensureMemberWritable(db, [letter.member_id], actor.rights);
  await ensureChurchReadyForDocuments(db);
  const today = todayIso();
  const { id, transfer } = await db.transaction().execute(async (trx) => {
    // Locked until commit: a concurrent status change cannot slip between check and update.
    const member = await dialect
      .forUpdate(
        trx
          .selectFrom('members')
          .select(['id', 'status', 'anonymized_at'])
          .where('id', '=', letter.member_id),
      )
      .executeTakeFirst();
    if (!member) throw invalid({ member_id: 'Membro não encontrado.' });
    if (member.anonymized_at) throw invalid({ member_id: ANONYMIZED_MEMBER_LOCKED });
    if (member.status !== 'active') {
      throw invalid({
        member_id:
          'Só membros com situação Ativo podem receber carta. Confira a situação do membro.',
      });
    }
    const year = Number(today.slice(0, 4));
    const number = await nextNumber(trx, `letter:${year}`);
    const { id } = await trx
      .insertInto('letters')
      .values({
        ...letter,
        year,
        number,
        issued_on: today,
        created_by: actor.user_id,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const transfer =
      letter.letter_type === 'transfer'
        ? await openOutgoingTransfer(trx, { id, member_id: letter.member_id }, member.status, actor)
        : null;
    await audit(trx, actor, {
      action: 'issue',
      resource: 'letters',
      record_id: id,
      member_id: letter.member_id,
      after: { ...letter, year, number, issued_on: today },
    });
    return { id, transfer };
  });
  // The code is shown once, here: only its hash is stored.
  return { ...(await loadLetter(db, id)), confirmation_code: transfer?.code ?? null };
}

/**
 * A transfer letter printed with its confirmation code: the code of the letter already printed
 * (checked against its hash), or a new one when none is given (the previous stops working).
 */
export async function transferLetterDocument(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  id: number,
  code: string | null,
  { actor, origin }: { actor: Actor; origin: string },
) {
  const letter = await loadLetter(db, id);
  // A new code changes the transfer: outside the rights, a 403 as any change.
  ensureWritable(actor.rights, letter.congregation_id);
  if (letter.transfer_id === null || !['requested', 'sent'].includes(letter.transfer_state ?? '')) {
    throw conflict(
      `A carta nº ${letter.number_text} não tem transferência em andamento: imprima-a sem código.`,
    );
  }
  let printed = code;
  if (code === null) {
    printed = (await renewCode(db, dialect, letter.transfer_id, actor)).code;
  } else if ((await codeOfLetter(db, id, code)) === null) {
    throw invalid({ code: 'Este não é o código desta carta.' });
  }
  return letterDocument(db, id, actor.rights, {
    code: printed!,
    url: `${origin}${transferConfirmationPath(printed!)}`,
  });
}

/** A letter issued on paper before Adam, with its own number and issue date. */
export async function recordPaperOne(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  body: unknown,
  actor: Actor,
) {
  const letter = validated(paperLetterSchema, body);
  await ensureMemberWritable(db, [letter.member_id], actor.rights);
  const id = await db
    .transaction()
    .execute((trx) => recordPaperLetter(trx, letter, { actor, dialect }));
  return loadLetter(db, id);
}
