// /api/imports/credentials and /api/imports/letters: the CSV import of credentials and letters
// issued on paper before Adam (issue 14). Multipart: `file` (the CSV), `dry_run` (true: only the
// report), `skip_not_found` (true: rows of members not in the registry are left out instead of
// failing the import). The file is read as a stream by the shared reader (imports/csv.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resourceByApi } from '../../../domain/resources.js';
import { readUpload, registerUploads } from '../../http/uploads.js';
import { actorOf } from '../../audit/trail.js';
import { type PaperKind, importPaperHistory } from './import.js';

/** The upload: a CSV of some 50,000 rows of paper history at most, and two options. */
export const PAPER_UPLOAD = { fileBytes: 5 * 1024 * 1024, fields: 5 };

const isTrue = (value: string | undefined) => value === 'true' || value === '1';

export async function paperHistoryRoutes(fastify: FastifyInstance) {
  await registerUploads(fastify);
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
        const { result: report } = await readUpload(request, PAPER_UPLOAD, (file, fields) =>
          importPaperHistory(db, dialect, kind, file, {
            dryRun: isTrue(fields.dry_run),
            skipNotFound: isTrue(fields.skip_not_found),
            actor: actorOf(request),
          }),
        );
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
