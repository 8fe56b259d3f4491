// Errors a route may throw; the error handler (app.ts) turns them into Portuguese 4xx answers.

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

export const notFound = (message = 'Registro não encontrado.') => new ApiError(404, message);

export const conflict = (message: string) => new ApiError(409, message);
