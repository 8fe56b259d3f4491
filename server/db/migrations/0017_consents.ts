// Issue 13 (LGPD), consent: the versions of the consent text the church shows on /meu_cadastro
// (each kept once saved), every consent given or revoked (member_consents), and the register of
// the data subjects' requests (privacy_requests, answered within 15 days).
// The text the public form used until now becomes version 1, with "{igreja}" where the form put
// the church's name (the text is still generated from the church's name, as before); the
// members who consented through the form (consent_at) get their consent recorded against it.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

// Frozen copies of domain/registration.ts's texts at version 2026-11-v1.
const VERSION_1_TEXT =
  'Autorizo esta igreja ({igreja}) a guardar e usar os dados deste formulário, inclusive a minha ' +
  'participação nesta igreja (um dado pessoal sensível, segundo o art. 11 da LGPD), somente ' +
  'para o meu cadastro de membro e para que a igreja entre em contato comigo. Os dados não ' +
  'serão vendidos nem repassados a terceiros. A qualquer momento posso pedir à secretaria ' +
  'para ver, corrigir ou apagar os meus dados, ou retirar este consentimento.';
const VERSION_1_GUARDIAN_TEXT =
  'Sou pai, mãe ou responsável legal por esta pessoa menor de 18 anos e autorizo o cadastro ' +
  'e o uso dos dados dela, nas condições acima.';

export function consentsMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addId(db.schema.createTable('consent_versions'))
        .addColumn('version', 'integer', (col) => col.notNull().unique())
        .addColumn('text', 'text', (col) => col.notNull())
        .addColumn('guardian_text', 'text', (col) => col.notNull())
        .addColumn('created_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .execute();

      await d
        .addId(db.schema.createTable('member_consents'))
        .addColumn('member_id', 'integer', (col) =>
          col.notNull().references('members.id').onDelete('cascade'),
        )
        .addColumn('consent_version_id', 'integer', (col) =>
          col.notNull().references('consent_versions.id'),
        )
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('channel', 'text', (col) => col.notNull())
        .addColumn('at', d.types.timestamp, (col) => col.notNull())
        .addColumn('recorded_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('guardian_name', 'text')
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('member_consents_member')
        .on('member_consents')
        .columns(['member_id', 'id'])
        .execute();

      await d
        .addId(db.schema.createTable('privacy_requests'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('member_id', 'integer', (col) =>
          col.references('members.id').onDelete('set null'),
        )
        .addColumn('holder_name', 'text', (col) => col.notNull())
        .addColumn('holder_contact', 'text')
        .addColumn('received_on', d.types.date, (col) => col.notNull())
        .addColumn('due_on', d.types.date, (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('answer', 'text')
        .addColumn('answered_on', d.types.date)
        .addColumn('created_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addColumn('updated_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('privacy_requests_status_due')
        .on('privacy_requests')
        .columns(['status', 'due_on'])
        .execute();
      await db.schema
        .createIndex('privacy_requests_member')
        .on('privacy_requests')
        .column('member_id')
        .execute();

      const now = new Date().toISOString();
      await db
        .insertInto('consent_versions' as never)
        .values({
          version: 1,
          text: VERSION_1_TEXT,
          guardian_text: VERSION_1_GUARDIAN_TEXT,
          created_at: now,
        } as never)
        .execute();
      // Every consent given through the form so far was to this text (version 2026-11-v1).
      await sql`insert into member_consents
          (member_id, consent_version_id, action, channel, at, guardian_name, created_at)
        select members.id, consent_versions.id, 'grant', 'form', members.consent_at,
          case when members.guardian_consent_at is not null then members.guardian_name end,
          members.consent_at
        from members, consent_versions
        where consent_versions.version = 1 and members.consent_at is not null
        order by members.id`.execute(db);
      await sql`update members set consent_version = '1' where consent_version is not null`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await sql`update members set consent_version = '2026-11-v1' where consent_version is not null`.execute(
        db,
      );
      await db.schema.dropTable('privacy_requests').execute();
      await db.schema.dropTable('member_consents').execute();
      await db.schema.dropTable('consent_versions').execute();
    },
  };
}
