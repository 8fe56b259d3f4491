// Credentials, letters and certificates are the secretary's record of what was issued to a member: a member
// who has any is not deleted (the numbers would point at nobody); the status changes instead.
import type { Kysely } from 'kysely';
import { plural } from '../../../domain/text.js';
import type { Database } from '../../db/schema.js';
import { conflict } from '../../plugins/errors.js';

export async function assertNoIssuedDocuments(db: Kysely<Database>, memberId: number) {
  const [credentials, letters, certificates] = await Promise.all([
    db
      .selectFrom('credentials')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('letters')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('certificates')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  const issued = [
    Number(credentials.count) > 0
      ? plural(Number(credentials.count), 'credencial', 'credenciais')
      : '',
    Number(letters.count) > 0 ? plural(Number(letters.count), 'carta', 'cartas') : '',
    Number(certificates.count) > 0
      ? plural(Number(certificates.count), 'certificado', 'certificados')
      : '',
  ].filter(Boolean);
  const total = Number(credentials.count) + Number(letters.count) + Number(certificates.count);
  // Agreement: credenciais and cartas are feminine; with a certificate among them, masculine.
  const issuedWord = `${Number(certificates.count) > 0 ? 'emitido' : 'emitida'}${total === 1 ? '' : 's'}`;
  const listed =
    issued.length > 1 ? `${issued.slice(0, -1).join(', ')} e ${issued.at(-1)}` : issued[0];
  if (issued.length > 0) {
    throw conflict(
      `Este membro não pode ser excluído: o histórico da secretaria tem ${listed} ${issuedWord} para este cadastro. ` +
        'Em vez de excluir, mude a situação do membro (por exemplo, Inativo, Transferido ou Falecido).',
    );
  }
}
