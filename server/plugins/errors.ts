// Errors a route may throw, and the handler that turns them into Portuguese 4xx answers.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { closedMonthMessage } from '../../domain/finance/periods.js';
import { fieldErrors } from '../../domain/validation.js';
import { isDamage } from '../db/index.js';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Field-level messages (react-admin shows them under each input). */
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new ApiError(400, message, fieldErrors);

export const invalid = (fieldErrors: Record<string, string>) =>
  new ApiError(422, 'Verifique os campos destacados.', fieldErrors);

/** What only a service can validate (a body merged with the stored record): 422 with field errors. */
export function validated<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return parsed.data;
}

export const notFound = (message = 'Registro não encontrado.') => new ApiError(404, message);

export const conflict = (message: string) => new ApiError(409, message);

export const forbidden = (message = 'Você não tem permissão para acessar este recurso.') =>
  new ApiError(403, message);

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'O corpo da requisição não é um JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'O corpo da requisição está vazio.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'O conteúdo enviado é grande demais.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de conteúdo não suportado: envie JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Tamanho do conteúdo inválido.',
};

export const DAMAGED_DATABASE =
  'O banco de dados do Adam está danificado e não pode ser lido. Avise o responsável pelo ' +
  'sistema: ele deve parar o servidor e restaurar a cópia de segurança mais recente.';

/** The session routes, which answer devise_token_auth's error shape. */
export const AUTH_AREA = '/api/auth/';

const AUTH_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'Tipo de conteúdo não suportado: envie JSON ou um formulário (application/x-www-form-urlencoded).',
};

function inAuthArea(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? request.url.split('?')[0]).startsWith(AUTH_AREA);
}

/**
 * A refusal's body in the shape of its area: the session routes answer as devise_token_auth's
 * `render_error` does (application_controller.rb: `{success: false, errors: [message]}`), with
 * the field messages, when there are some, as that list and beside it; every other route
 * answers `{success: false, message}` and its field errors.
 */
export function failureBody(
  request: FastifyRequest,
  message: string,
  fieldErrors?: Record<string, string>,
) {
  if (inAuthArea(request)) {
    return fieldErrors
      ? { success: false, errors: Object.values(fieldErrors), fieldErrors }
      : { success: false, errors: [message] };
  }
  return { success: false, message, ...(fieldErrors ? { errors: fieldErrors } : {}) };
}

/** Every error as a Portuguese answer: ApiError as thrown, framework 4xx translated, 500 logged. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((rawError: FastifyError, request, reply) => {
    const error = hasZodFastifySchemaValidationErrors(rawError)
      ? schemaError(rawError.validationContext, rawError.validation)
      : rawError;
    const closed = closedMonthOf(error);
    if (closed) return reply.code(409).send(failureBody(request, closed));
    if (error instanceof ApiError) {
      return reply
        .code(error.statusCode)
        .send(failureBody(request, error.message, error.fieldErrors));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const message =
        (inAuthArea(request) ? AUTH_MESSAGES[error.code] : undefined) ??
        FRAMEWORK_MESSAGES[error.code] ??
        (error.validation ? 'Dados inválidos na requisição.' : 'Requisição inválida.');
      return reply.code(status).send(failureBody(request, message));
    }
    request.log.error(error);
    if (isDamage(error.code)) {
      // The database file is damaged: say so (here and in /api/health) instead of a bare 500.
      request.server.database.damage ??= error.message;
      return reply.code(503).send(failureBody(request, DAMAGED_DATABASE));
    }
    return reply
      .code(500)
      .send(failureBody(request, 'Erro interno do servidor. Tente novamente mais tarde.'));
  });
}

/**
 * A write refused by the database because it is dated in a closed month (issue 27): the guards
 * of migration 0042 abort with "ADAM_PERIOD_CLOSED:<AAAA-MM>:<approved on>". Its Portuguese
 * message, or undefined for any other error.
 */
export function closedMonthOf(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : '';
  const found = /ADAM_PERIOD_CLOSED:(\d{4}-\d{2}):(\d{4}-\d{2}-\d{2})/.exec(message);
  return found ? closedMonthMessage(found[1], found[2]) : undefined;
}

type Issue = { instancePath: string; message?: string };

/**
 * A route schema's refusal as the handlers answered before routes declared schemas: a malformed
 * path is a missing record (404), a body's issues are field errors (422), a query parameter a 400.
 */
function schemaError(context: string | undefined, issues: Issue[]): ApiError {
  const fields = issues.map((issue) => ({
    field: issue.instancePath.split('/').filter(Boolean).join('.') || '_',
    message: issue.message ?? 'Valor inválido.',
  }));
  if (context === 'params') return notFound();
  if (context === 'body') {
    const errors: Record<string, string> = {};
    for (const { field, message } of fields) errors[field] ??= message;
    return invalid(errors);
  }
  const name = fields[0]?.field.split('.')[0];
  return badRequest(name && name !== '_' ? `Parâmetro ${name} inválido.` : 'Requisição inválida.');
}
