// Letters issued on paper before Adam (issue 14): recorded with their own number and issue date,
// marked issued_on_paper, numbered per year as Adam's are (the year's series continues after
// the highest number). History only: a paper transfer letter does not change the member's
// status today (the registry already says where the member is).
import type { Kysely, Transaction } from 'kysely';
import { formatLetterNumber } from '../../../domain/letters.js';
import type { PaperLetterInput } from '../../../domain/paperHistory.js';
import { isUniqueViolation, raiseCounter } from '../../db/counters.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { conflict, invalid } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';

export const letterNumberTaken = (number: number, year: number) =>
  conflict(
    `Já existe uma carta com o nº ${formatLetterNumber(number, year)}. Confira o número da carta em papel.`,
  );

/** The letter already recorded with this number in this year, if any. */
export async function letterWithNumber(
  db: Kysely<Database> | Transaction<Database>,
  number: number,
  year: number,
) {
  return db
    .selectFrom('letters')
    .select(['id', 'member_id', 'letter_type'])
    .where('year', '=', year)
    .where('number', '=', number)
    .executeTakeFirst();
}

/** Records one paper letter inside the caller's transaction; 422/409 in Portuguese. */
export async function recordPaperLetter(
  trx: Transaction<Database>,
  letter: PaperLetterInput,
  options: { actor: Actor; dialect: DialectHelpers },
): Promise<number> {
  const member = await trx
    .selectFrom('members')
    .select('id')
    .where('id', '=', letter.member_id)
    .executeTakeFirst();
  if (!member) throw invalid({ member_id: 'Membro não encontrado.' });
  // The counter first: it holds the year's series until commit (see raiseCounter).
  await raiseCounter(trx, `letter:${letter.year}`, letter.number);
  if (await letterWithNumber(trx, letter.number, letter.year)) {
    throw letterNumberTaken(letter.number, letter.year);
  }
  try {
    const { id } = await trx
      .insertInto('letters')
      .values({
        member_id: letter.member_id,
        letter_type: letter.letter_type,
        year: letter.year,
        number: letter.number,
        issued_on: letter.issued_on,
        destination_church: letter.destination_church,
        destination_city: letter.destination_city,
        notes: letter.notes,
        issued_on_paper: true,
        created_by: options.actor.user_id,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, options.actor, {
      action: 'record_paper',
      resource: 'letters',
      record_id: id,
      member_id: letter.member_id,
      after: letter,
    });
    return id;
  } catch (error) {
    if (isUniqueViolation(error)) throw letterNumberTaken(letter.number, letter.year);
    throw error;
  }
}
