// /api/credentials (member cards): history, issue (also renew), revoke, bulk issue, printable
// PDFs; /api/public/credentials/:code for the QR code's check page.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CREDENTIAL_CODE,
  credentialCheckPath,
  credentialState,
  formatCredentialNumber,
} from '../../../domain/credentials.js';
import { todayIso } from '../../../domain/dates.js';
import { resourceByApi } from '../../../domain/resources.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict, invalid, notFound } from '../../plugins/errors.js';
import { parseId, parseListParams, sendList } from '../../http/simpleRest.js';
import { credentialCardsPdf } from '../../pdf/credentialCard.js';
import { pdfHeaders } from '../../pdf/document.js';
import { issueCredential, revokeCredential, toApiCredential, validityMonths } from './issue.js';

const NOT_FOUND = 'Credencial não encontrada.';
const SORTS = { number: 'number', issued_on: 'issued_on', expires_on: 'expires_on' } as const;
/** Cards per printed batch (40 A4 pages). */
export const MAX_BATCH = 200;

function positiveIds(value: unknown, max: number, message: string): number[] {
  const ids = Array.isArray(value) ? value : [];
  if (
    ids.length === 0 ||
    ids.length > max ||
    !ids.every((id) => Number.isSafeInteger(id) && id > 0)
  )
    throw badRequest(message);
  return [...new Set(ids as number[])];
}

async function loadCredentials(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return [];
  const today = todayIso();
  const rows = await db
    .selectFrom('credentials')
    .innerJoin('members', 'members.id', 'credentials.member_id')
    .selectAll('credentials')
    .select(['members.name as member_name', 'members.status as member_status'])
    .where('credentials.id', 'in', ids)
    .execute();
  const byId = new Map(
    rows.map((row) => [
      row.id,
      toApiCredential(row, { name: row.member_name, status: row.member_status }, today),
    ]),
  );
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}

/** The origin the QR codes point to: the address the secretary's browser used. */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

async function cardsPdf(db: Kysely<Database>, ids: number[], origin: string) {
  const today = todayIso();
  const rows = await db
    .selectFrom('credentials')
    .innerJoin('members', 'members.id', 'credentials.member_id')
    .leftJoin('positions', 'positions.id', 'members.position_id')
    .select([
      'credentials.id',
      'credentials.number',
      'credentials.issued_on',
      'credentials.expires_on',
      'credentials.status',
      'credentials.code',
      'members.name',
      'members.status as member_status',
      'members.admission_date',
      'positions.name as position',
    ])
    .where('credentials.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const cards = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
  if (cards.length === 0) throw notFound(NOT_FOUND);
  const revoked = cards.find(
    (card) => credentialState(card, card.member_status, today) === 'revoked',
  );
  if (revoked) {
    throw conflict(
      `A credencial nº ${formatCredentialNumber(revoked.number)} (${revoked.name}) está revogada e não pode ser impressa.`,
    );
  }
  const church = await db
    .selectFrom('church')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return credentialCardsPdf(
    church,
    cards.map((card) => ({ ...card, check_url: `${origin}${credentialCheckPath(card.code)}` })),
    async (page) =>
      new Map(
        (
          await db
            .selectFrom('credentials')
            .innerJoin('members', 'members.id', 'credentials.member_id')
            .select(['credentials.id', 'members.photo'])
            .where('credentials.id', 'in', page)
            .execute()
        ).map((row) => [row.id, row.photo]),
      ),
  );
}

export async function credentialsRoutes(app: FastifyInstance) {
  const { db, dialect } = app.database;
  const access = resourceByApi('credentials');

  app.get('/api/credentials', { config: { access: access.read } }, async (request, reply) => {
    const { sort, range, filter } = parseListParams(request.query as Record<string, unknown>, {
      sortable: Object.keys(SORTS),
      defaultSort: { field: 'number', order: 'desc' },
    });
    let query = db.selectFrom('credentials');
    for (const [key, value] of Object.entries(filter)) {
      if (value === undefined || value === null || value === '') continue;
      if (key === 'member_id') {
        const id = Number(value);
        if (!Number.isSafeInteger(id)) throw badRequest('Filtro member_id inválido.');
        query = query.where('credentials.member_id', '=', id);
      } else if (key === 'id') {
        const ids = (Array.isArray(value) ? value : [value])
          .map(Number)
          .filter(Number.isSafeInteger);
        query = query.where('credentials.id', 'in', ids.length > 0 ? ids : [0]);
      } else if (key === 'status') {
        if (value !== 'active' && value !== 'revoked') throw badRequest('Filtro status inválido.');
        query = query.where('credentials.status', '=', value);
      } else {
        throw badRequest(`Filtro desconhecido: ${key}.`);
      }
    }
    const [ids, total] = await Promise.all([
      query
        .select('credentials.id')
        .orderBy(`credentials.${SORTS[sort.field as keyof typeof SORTS]}`, sort.order)
        .orderBy('credentials.id', sort.order)
        .offset(range.offset)
        .limit(range.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    const rows = await loadCredentials(
      db,
      ids.map((row) => row.id),
    );
    return sendList(reply, 'credentials', range.offset, rows, Number(total.total));
  });

  // Registered before /:id (find-my-way prefers static segments anyway).
  app.get('/api/credentials/pdf', { config: { access: access.read } }, async (request, reply) => {
    const text = String((request.query as { ids?: unknown }).ids ?? '');
    const ids = positiveIds(
      text.split(',').filter(Boolean).map(Number),
      MAX_BATCH,
      `Escolha de 1 a ${MAX_BATCH} credenciais para imprimir.`,
    );
    const pdf = await cardsPdf(db, ids, originOf(request));
    reply.headers(pdfHeaders('credenciais.pdf'));
    return pdf;
  });

  app.get('/api/credentials/:id', { config: { access: access.read } }, async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const [credential] = await loadCredentials(db, [id]);
    if (!credential) throw notFound(NOT_FOUND);
    return credential;
  });

  app.get(
    '/api/credentials/:id/pdf',
    { config: { access: access.read } },
    async (request, reply) => {
      const id = parseId((request.params as { id: string }).id);
      const pdf = await cardsPdf(db, [id], originOf(request));
      const [credential] = await loadCredentials(db, [id]);
      reply.headers(pdfHeaders(`credencial-${formatCredentialNumber(credential.number)}.pdf`));
      return pdf;
    },
  );

  app.post('/api/credentials', { config: { access: access.write } }, async (request, reply) => {
    const body = (request.body ?? {}) as { member_id?: unknown };
    const memberId = Number(body.member_id);
    if (!Number.isSafeInteger(memberId) || memberId <= 0) {
      throw invalid({ member_id: 'Informe o membro.' });
    }
    const months = await validityMonths(db);
    const id = await db.transaction().execute((trx) =>
      issueCredential(trx, memberId, {
        today: todayIso(),
        userId: request.user?.id ?? null,
        months,
        dialect,
      }),
    );
    reply.code(201);
    return (await loadCredentials(db, [id]))[0];
  });

  app.post('/api/credentials/bulk', { config: { access: access.write } }, async (request) => {
    const body = (request.body ?? {}) as { member_ids?: unknown; renew?: unknown };
    const memberIds = positiveIds(
      body.member_ids,
      MAX_BATCH,
      `Selecione de 1 a ${MAX_BATCH} membros.`,
    );
    const today = todayIso();
    const months = await validityMonths(db);
    return db.transaction().execute(async (trx) => {
      // Active members without a valid card (renew: every active member); others are skipped.
      let eligibleQuery = trx
        .selectFrom('members')
        .select('id')
        .where('id', 'in', memberIds)
        .where('status', '=', 'active');
      if (body.renew !== true) {
        eligibleQuery = eligibleQuery.where((eb) =>
          eb.or([eb('credential_expires_on', 'is', null), eb('credential_expires_on', '<', today)]),
        );
      }
      const eligible = await eligibleQuery.orderBy('sort_name').orderBy('id').execute();
      const ids: number[] = [];
      for (const member of eligible) {
        ids.push(
          await issueCredential(trx, member.id, {
            today,
            userId: request.user?.id ?? null,
            months,
            dialect,
          }),
        );
      }
      return { issued: ids.length, skipped: memberIds.length - ids.length, ids };
    });
  });

  app.post('/api/credentials/:id/revoke', { config: { access: access.write } }, async (request) => {
    const id = parseId((request.params as { id: string }).id);
    await db.transaction().execute((trx) => revokeCredential(trx, id, dialect));
    return (await loadCredentials(db, [id]))[0];
  });

  // The QR code's page: only what a card shows, never CPF, address or contacts (LGPD).
  app.get('/api/public/credentials/:code', { config: { access: 'public' } }, async (request) => {
    const { code } = request.params as { code: string };
    if (!CREDENTIAL_CODE.test(code)) throw notFound(NOT_FOUND);
    const row = await db
      .selectFrom('credentials')
      .innerJoin('members', 'members.id', 'credentials.member_id')
      .leftJoin('positions', 'positions.id', 'members.position_id')
      .select([
        'credentials.status',
        'credentials.expires_on',
        'members.name',
        'members.status as member_status',
        'members.photo',
        'members.photo_thumb',
        'positions.name as position',
      ])
      .where('credentials.code', '=', code)
      .executeTakeFirst();
    if (!row) throw notFound(NOT_FOUND);
    return {
      name: row.name,
      photo: row.photo ?? row.photo_thumb,
      position: row.position ?? null,
      expires_on: row.expires_on,
      status: credentialState(row, row.member_status, todayIso()),
    };
  });
}
