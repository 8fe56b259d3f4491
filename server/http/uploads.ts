// File uploads, one way for every route that takes one (the member import, the paper history's
// CSV, the bank statements' OFX): multipart/form-data with the option fields first and one file under "file", read as a
// stream by the route's own consumer. Each module registers the multipart parser in its own
// (encapsulated) scope with registerUploads, so no other route parses forms; each route gives
// its limits to readUpload. Every malformed upload is a Portuguese 4xx.
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../plugins/errors.js';

export interface UploadLimits {
  /** The largest file, in bytes. */
  fileBytes: number;
  /** How many text fields the form may have besides the file. */
  fields: number;
  /** The longest text field, in bytes (a JSON mapping: some KB). */
  fieldBytes?: number;
  /** The 415 of a body that is not a form, naming what the route takes. */
  notMultipart?: string;
  /** The 400 of a form without the file. */
  noFile?: string;
}

const NOT_MULTIPART = 'Envie o arquivo como formulário (multipart/form-data), no campo “file”.';

export interface Upload<T> {
  /** The text fields sent before the file. */
  fields: Record<string, string>;
  /** The file's name as sent ('' when none). */
  fileName: string;
  /** What the consumer made of the file. */
  result: T;
}

/** The multipart parser for this module's routes (call once per module, in its plugin). */
export async function registerUploads(fastify: FastifyInstance): Promise<void> {
  await fastify.register(multipart, {
    // Without a route's own limits (readUpload always gives them) no file or field gets in.
    limits: { fileSize: 0, files: 1, fields: 0, parts: 1 },
    throwFileSizeLimit: true,
  });
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

export const fileTooLarge = (limits: UploadLimits) =>
  new ApiError(413, `O arquivo é grande demais: o limite é de ${megabytes(limits.fileBytes)} MB.`);

/** The multipart errors of @fastify/multipart, busboy and Fastify, as the user reads them. */
function uploadError(error: unknown, limits: UploadLimits): Error {
  if (error instanceof ApiError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return fileTooLarge(limits);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, limits.notMultipart ?? NOT_MULTIPART);
    case 'FST_FILES_LIMIT':
      return badRequest('Envie um arquivo só, no campo “file”.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('Campos demais no formulário.');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('O envio não é um formulário válido. Tente de novo.');
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('O envio do arquivo foi interrompido. Tente de novo.');
    default:
      return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Reads a multipart upload: the text fields first, then the file under "file", handed as a
 * stream to `consume` with the fields read so far (so the options can decide how to read it).
 * The file's bytes beyond the limit are a 413, a second file a 400, no file a 400.
 */
export async function readUpload<T>(
  request: FastifyRequest,
  limits: UploadLimits,
  consume: (file: Readable, fields: Record<string, string>, fileName: string) => Promise<T>,
): Promise<Upload<T>> {
  if (!request.isMultipart()) throw new ApiError(415, limits.notMultipart ?? NOT_MULTIPART);
  const fields: Record<string, string> = {};
  let upload: { fileName: string; result: T } | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.fileBytes,
        files: 1,
        fields: limits.fields,
        fieldSize: limits.fieldBytes ?? 1024,
        parts: limits.fields + 1,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest('Envie o arquivo no campo “file”.');
      }
      const fileName = part.filename ?? '';
      const file = part.file;
      // Past the limit, busboy ends the stream early and marks it truncated: the consumer reads
      // a 413 instead of a file cut short.
      const guarded = Readable.from(
        (async function* () {
          for await (const chunk of file) {
            if (file.truncated) throw fileTooLarge(limits);
            yield chunk as Buffer;
          }
          if (file.truncated) throw fileTooLarge(limits);
        })(),
        { objectMode: false },
      );
      try {
        upload = { fileName, result: await consume(guarded, fields, fileName) };
      } finally {
        // A consumer that stopped reading early (or failed): the rest of the file is drained.
        file.resume();
      }
    }
  } catch (error) {
    throw uploadError(error, limits);
  }
  if (upload === null) throw badRequest(limits.noFile ?? 'Escolha o arquivo (campo “file”).');
  return { fields, ...upload };
}

/**
 * The route's error handler for what Fastify refuses before the handler runs (a body of another
 * type, a body past the route's bodyLimit): the upload's own 4xx, in its words.
 */
export function uploadErrorHandler(limits: UploadLimits) {
  return (error: FastifyError) => {
    // Thrown on: the app's error handler answers it (an ApiError as it is).
    throw uploadError(error, limits);
  };
}
