// /api/imports/credentials and /api/imports/letters: the CSV import of credentials and letters
// issued on paper before Adam (issue 14). Multipart: `file` (the CSV), `dry_run` (true: only the
// report), `skip_not_found` (true: rows of members not in the registry are left out instead of
// failing the import). The raw file is read in memory and dropped with the request.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resourceByApi } from '../../../domain/resources.js';
import { actorOf } from '../audit/trail.js';
import { ApiError, badRequest } from '../../plugins/errors.js';
import { type PaperKind, importPaperHistory } from './import.js';

/** The largest CSV accepted: some 50,000 rows of paper history. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

const MULTIPART_MESSAGES: Record<string, ApiError> = {
  FST_REQ_FILE_TOO_LARGE: new ApiError(
    413,
    `O arquivo é grande demais: o limite é de ${MAX_FILE_BYTES / 1024 / 1024} MB.`,
  ),
  FST_FILES_LIMIT: badRequest('Envie um arquivo só.'),
  FST_PARTS_LIMIT: badRequest('Campos demais no formulário.'),
  FST_FIELDS_LIMIT: badRequest('Campos demais no formulário.'),
  FST_PROTO_VIOLATION: badRequest('Campo de formulário inválido.'),
  FST_MP_PREMATURE_CLOSE: badRequest('O envio do arquivo foi interrompido. Tente de novo.'),
};

const isTrue = (value: string | undefined) => value === 'true' || value === '1';

/** The upload's file (bytes) and fields; every malformed upload is a Portuguese 4xx. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new ApiError(
      415,
      'Envie o arquivo CSV como formulário (multipart/form-data, campo file).',
    );
  }
  let file: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file !== null) {
          await part.toBuffer();
          throw badRequest('Envie um arquivo só, no campo file.');
        }
        file = await part.toBuffer();
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const known = MULTIPART_MESSAGES[(error as { code?: string }).code ?? ''];
    if (known) throw known;
    throw badRequest('O envio não é um formulário válido. Tente de novo.');
  }
  if (file === null) throw badRequest('Escolha o arquivo CSV (campo file).');
  return { file, dryRun: isTrue(fields.dry_run), skipNotFound: isTrue(fields.skip_not_found) };
}

export async function paperHistoryRoutes(fastify: FastifyInstance) {
  // Multipart only here (encapsulated): no other route reads uploads this way.
  await fastify.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = app.database;

  for (const kind of ['credentials', 'letters'] as PaperKind[]) {
    const access = resourceByApi(kind);
    app.post(
      `/api/imports/${kind}`,
      {
        config: { access: access.write },
        schema: {
          description:
            kind === 'credentials'
              ? 'Importa credenciais emitidas em papel antes do Adam (CSV).'
              : 'Importa cartas emitidas em papel antes do Adam (CSV).',
          consumes: ['multipart/form-data'],
        },
      },
      async (request, reply) => {
        const upload = await readUpload(request);
        const report = await importPaperHistory(db, dialect, kind, upload.file, {
          dryRun: upload.dryRun,
          skipNotFound: upload.skipNotFound,
          actor: actorOf(request),
        });
        if (!report.dry_run && report.failed > 0) {
          reply.code(422);
          return {
            success: false,
            message: 'Nada foi importado: corrija as linhas com erro e envie o arquivo de novo.',
            ...report,
          };
        }
        if (!report.dry_run && report.created > 0) reply.code(201);
        return report;
      },
    );
  }
}
