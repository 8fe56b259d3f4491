// The API described from the routes' own zod schemas (@fastify/swagger collects every route as
// it is added, so this is registered before the modules), served to signed-in admins at
// GET /api/openapi.json for those who extend Adam. Each operation says who may call it.
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, type Access } from '../../domain/access.js';

const transformSchema = createJsonSchemaTransform({});

function accessText(access: Access | 'public' | undefined): string {
  if (access === 'public') return 'Sem login.';
  if (access === null) return 'Qualquer usuário com sessão.';
  if (access === undefined || access.length === 0) return 'Ninguém.';
  return `Papéis: ${access.join(', ')}.`;
}

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Adam',
        description:
          'API do Adam: sessão no protocolo do devise_token_auth (cabeçalhos access-token, ' +
          'client e uid) e recursos no protocolo do ra-data-simple-rest (sort, range, filter; ' +
          'Content-Range). Campos em snake_case; dinheiro em centavos; datas AAAA-MM-DD.',
        version: '1',
      },
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'access-token' },
          client: { type: 'apiKey', in: 'header', name: 'client' },
          uid: { type: 'apiKey', in: 'header', name: 'uid' },
        },
      },
    },
    transform(document) {
      const { route, url } = document;
      if (!url.startsWith('/api/')) return { schema: { hide: true }, url };
      const access = route.config?.access;
      const transformed = transformSchema(document);
      const schema = {
        ...transformed.schema,
        description: accessText(access),
        ...(access === 'public' ? {} : { security: [{ accessToken: [], client: [], uid: [] }] }),
      };
      return { ...transformed, schema };
    },
    transformObject: jsonSchemaTransformObject,
  });

  app.get(
    '/api/openapi.json',
    { config: { access: ADMIN_ONLY }, schema: { hide: true } },
    async () => app.swagger(),
  );
}
