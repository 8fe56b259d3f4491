// The church singleton (row id 1).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { ADMIN_ONLY } from '../../../domain/access.js';
import { churchSchema } from '../../../domain/church.js';
import { resourceByApi } from '../../../domain/resources.js';
import { BODY_LIMITS } from '../../http/bodyLimits.js';
import { changesOf } from '../../http/schemas.js';
import { ensureChurchWide } from '../../http/scope.js';
import { validated } from '../../plugins/errors.js';
import { limitPublicReads } from '../../plugins/rateLimit.js';
import { publicConsent } from '../consents/versions.js';
import { actorOf, audit } from '../audit/trail.js';
import { dismissSetupChecklist } from './setupChecklist.js';

export async function churchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const access = resourceByApi('church');
  const church = () =>
    db.selectFrom('church').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

  // What the login page, the public pages and the app bar show: nothing private.
  app.get(
    '/api/public/church',
    { config: { access: 'public' }, onRequest: limitPublicReads(app) },
    async () => {
      const { name, logo } = await church();
      // The active congregations, for /meu_cadastro to ask which one (issue 12).
      const congregations = await db
        .selectFrom('congregations')
        .select(['id', 'name', 'slug', 'kind'])
        .where('active', '=', true)
        .orderBy(sql`case kind when 'sede' then 0 when 'subsede' then 1 else 2 end`)
        .orderBy('name')
        .orderBy('id')
        .execute();
      // The consent text /meu_cadastro asks for: the current version (issue 13).
      const consent = await publicConsent(db, name);
      return { name, logo, congregations, consent };
    },
  );

  // The privacy notice's facts (/privacidade, issue 13): the controller, its encarregado and
  // the church's wording; the page writes the notice from them (domain/privacy.ts).
  app.get(
    '/api/public/privacy',
    { config: { access: 'public' }, onRequest: limitPublicReads(app) },
    async () => {
      const row = await church();
      return {
        name: row.name,
        cnpj: row.cnpj,
        email: row.email,
        phone: row.phone,
        street: row.street,
        number: row.number,
        complement: row.complement,
        district: row.district,
        city: row.city,
        state: row.state,
        zip_code: row.zip_code,
        dpo_name: row.dpo_name,
        dpo_email: row.dpo_email,
        privacy_retention: row.privacy_retention,
        privacy_sharing: row.privacy_sharing,
      };
    },
  );

  // The settings without the checklist's bookkeeping (setup_* and *_confirmed_at columns).
  const settings = async () => {
    const {
      setup_dismissed_at: _dismissed,
      credential_validity_confirmed_at: _confirmed,
      audit_purged_on: _purged,
      ...row
    } = await church();
    return row;
  };

  app.get('/api/church', { config: { access: access.read } }, async () => settings());

  app.put(
    '/api/church',
    {
      config: { access: access.write },
      bodyLimit: BODY_LIMITS.withImage,
      schema: { body: changesOf(churchSchema) },
    },
    async (request) => {
      const current = await church();
      const values = validated(churchSchema, { ...current, ...request.body });
      ensureChurchWide(request, 'church', current, values);
      const now = new Date().toISOString();
      // The church form always sends the validity: saving it confirms it (first-run checklist).
      const confirmed = 'credential_validity_months' in (request.body as object);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('church')
          .set({
            ...values,
            updated_at: now,
            ...(confirmed ? { credential_validity_confirmed_at: now } : {}),
          })
          .where('id', '=', 1)
          .execute();
        await audit(trx, actorOf(request), {
          action: 'update',
          resource: 'church',
          record_id: null,
          before: current,
          after: { ...current, ...values },
        });
      });
      return settings();
    },
  );

  // The dashboard's first-run checklist, closed by an admin before every item is done.
  app.post(
    '/api/church/setup_checklist/dismiss',
    { config: { access: ADMIN_ONLY } },
    async (request) => dismissSetupChecklist(db, actorOf(request)),
  );
}
