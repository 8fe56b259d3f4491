// The consent texts' versions: each save is a new version (never an edit), the newest is the one
// /meu_cadastro shows and staff record against by default.
import { type Actor, audit } from '../../audit/trail.js';
import type { Kysely, Transaction } from 'kysely';
import { type ConsentVersionInput, renderConsentText } from '../../../domain/consents.js';
import type { ConsentVersion, Database } from '../../db/schema.js';
import { invalid, notFound } from '../../plugins/errors.js';

export const VERSION_NOT_FOUND = 'Versão do consentimento não encontrada.';

type Db = Kysely<Database> | Transaction<Database>;

/** A version as the API answers it; `current` marks the newest. */
export function versionToApi(row: ConsentVersion, currentId: number | null) {
  return {
    id: row.id,
    version: row.version,
    text: row.text,
    guardian_text: row.guardian_text,
    created_by: row.created_by,
    created_at: row.created_at,
    current: row.id === currentId,
  };
}

/** The newest version (the migration creates version 1, so there always is one). */
export async function currentVersion(db: Db): Promise<ConsentVersion> {
  return db
    .selectFrom('consent_versions')
    .selectAll()
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

/**
 * The version a public form showed (its id, sent back with the form), or the current one when it
 * sent none; undefined for an id that names no version. A version saved meanwhile does not
 * replace the text the person agreed to.
 */
export async function versionShown(
  db: Db,
  id: number | null,
): Promise<Pick<ConsentVersion, 'id' | 'version'> | undefined> {
  if (!id) return currentVersion(db);
  return db
    .selectFrom('consent_versions')
    .select(['id', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A version by id, or a 422 on `field` when there is none. */
export async function versionForField(db: Db, id: number, field: string): Promise<ConsentVersion> {
  const row = await db
    .selectFrom('consent_versions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw invalid({ [field]: VERSION_NOT_FOUND });
  return row;
}

export async function loadVersion(db: Db, id: number) {
  const row = await db
    .selectFrom('consent_versions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(VERSION_NOT_FOUND);
  return versionToApi(row, (await currentVersion(db)).id);
}

/** Every version, newest first (a church keeps a handful). */
export async function allVersions(db: Db) {
  const rows = await db
    .selectFrom('consent_versions')
    .selectAll()
    .orderBy('version', 'desc')
    .execute();
  const currentId = rows[0]?.id ?? null;
  return rows.map((row) => versionToApi(row, currentId));
}

/**
 * Saves the texts as the next version. Two saves at once: the version number is unique, so the
 * second one takes the number after it.
 */
export async function createVersion(
  db: Kysely<Database>,
  input: ConsentVersionInput,
  actor: Actor,
) {
  for (let attempt = 0; ; attempt++) {
    const latest = await currentVersion(db);
    if (latest.text === input.text && latest.guardian_text === input.guardian_text) {
      throw invalid({ text: 'Os textos são iguais aos da versão atual: nada a salvar.' });
    }
    try {
      const id = await db.transaction().execute(async (trx) => {
        const values = {
          version: latest.version + 1,
          text: input.text,
          guardian_text: input.guardian_text,
        };
        const { id } = await trx
          .insertInto('consent_versions')
          .values({ ...values, created_by: actor.user_id, created_at: new Date().toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(trx, actor, {
          action: 'create',
          resource: 'consent_versions',
          record_id: id,
          after: values,
        });
        return id;
      });
      return loadVersion(db, id);
    } catch (error) {
      const unique =
        /unique/i.test(String((error as { message?: unknown })?.message ?? '')) ||
        (error as { code?: unknown })?.code === '23505';
      if (!unique || attempt >= 3) throw error;
    }
  }
}

/** What the public form shows: the current version, its texts with the church's name. */
export async function publicConsent(db: Db, church: string) {
  const version = await currentVersion(db);
  return {
    id: version.id,
    version: version.version,
    text: renderConsentText(version.text, church),
    guardian_text: renderConsentText(version.guardian_text, church),
  };
}
