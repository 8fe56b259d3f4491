// The address of a CEP, for the address inputs: GET /api/cep/:cep for the office's users (the staff
// forms) and GET /api/public/cep/:cep without login for /meu_cadastro, limited per IP. Both ask
// the same service (ViaCEP, then BrasilAPI; config.cep) through one in-memory cache. The forms
// never wait on it to save: a CEP not found or a service down only leaves the fields to type.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_ACCESS } from '../../../domain/access.js';
import { onlyDigits } from '../../../domain/formats.js';
import { limitRoute } from '../../plugins/rateLimit.js';
import { ApiError, badRequest, notFound } from '../../plugins/errors.js';
import { CepService } from './service.js';

/** Lookups per IP address per window on the public page: a family, a church Wi-Fi. */
export const PUBLIC_CEP_LOOKUPS_PER_IP = 60;
const PUBLIC_WINDOW_MS = 10 * 60 * 1000;

export const INVALID_CEP = 'CEP inválido: informe os 8 dígitos.';
export const CEP_NOT_FOUND = 'CEP não encontrado. Confira o número ou preencha o endereço.';
export const CEP_UNAVAILABLE =
  'Não foi possível consultar o CEP agora. Preencha o endereço; o cadastro pode ser salvo assim mesmo.';

const cepParams = z.object({
  cep: z.string().meta({ description: 'O CEP: 8 dígitos, com ou sem pontuação (01001-000).' }),
});

const cepAddress = z.object({
  zip_code: z.string(),
  street: z.string().nullable(),
  district: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});

export async function cepRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new CepService(app.config.cep);
  const perAddress = limitRoute(app, {
    name: 'public_cep',
    max: PUBLIC_CEP_LOOKUPS_PER_IP,
    windowMs: PUBLIC_WINDOW_MS,
    message: (wait) =>
      `Muitas consultas de CEP a partir desta conexão. Preencha o endereço ou tente novamente em ${wait}.`,
  });
  const schema = { params: cepParams, response: { 200: cepAddress } };

  const answer = async (raw: string, reply: FastifyReply) => {
    const cep = onlyDigits(raw);
    if (cep.length !== 8 || /[^\d.\s-]/.test(raw)) throw badRequest(INVALID_CEP);
    const result = await service.lookup(cep);
    if (result.status === 'not_found') throw notFound(CEP_NOT_FOUND);
    if (result.status === 'unavailable') {
      reply.header('Retry-After', 60);
      throw new ApiError(503, CEP_UNAVAILABLE);
    }
    return result.address;
  };

  app.get('/api/cep/:cep', { config: { access: STAFF_ACCESS }, schema }, async (request, reply) =>
    answer(request.params.cep, reply),
  );

  app.get(
    '/api/public/cep/:cep',
    { config: { access: 'public' }, onRequest: perAddress, schema },
    async (request, reply) => answer(request.params.cep, reply),
  );
}
