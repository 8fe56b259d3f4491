// A stand-in for ViaCEP and BrasilAPI on 127.0.0.1 (tests never reach the real services): each
// answers from its own table of CEPs, and may be told to fail, to be slow or to say "not found".
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAddress {
  street: string;
  district: string;
  city: string;
  state: string;
}

type Behaviour = 'answer' | 'down' | 'slow';

export interface FakeCep {
  /** ViaCEP's template for the settings (…/viacep/ws/{cep}/json/). */
  viaCepUrl: string;
  /** BrasilAPI's template (…/brasilapi/api/cep/v1/{cep}). */
  brasilApiUrl: string;
  viaCep: { addresses: Map<string, FakeAddress>; behaviour: Behaviour; hits: string[] };
  brasilApi: { addresses: Map<string, FakeAddress>; behaviour: Behaviour; hits: string[] };
  close(): Promise<void>;
}

/** How long a "slow" service takes: longer than any timeout a test sets. */
const SLOW_MS = 10_000;

export async function startFakeCep(): Promise<FakeCep> {
  const viaCep = {
    addresses: new Map<string, FakeAddress>(),
    behaviour: 'answer' as Behaviour,
    hits: [] as string[],
  };
  const brasilApi = {
    addresses: new Map<string, FakeAddress>(),
    behaviour: 'answer' as Behaviour,
    hits: [] as string[],
  };
  const pending = new Set<NodeJS.Timeout>();

  const server: Server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    const later = (fn: () => void, ms: number) => {
      const timer = setTimeout(() => {
        pending.delete(timer);
        fn();
      }, ms);
      pending.add(timer);
    };
    const url = request.url ?? '';
    const via = /^\/viacep\/ws\/(\w+)\/json\/$/.exec(url);
    const brasil = /^\/brasilapi\/api\/cep\/v1\/(\w+)$/.exec(url);
    if (via) {
      const cep = via[1];
      viaCep.hits.push(cep);
      if (viaCep.behaviour === 'down') return send(502, { message: 'Bad gateway' });
      const reply = () => {
        const found = viaCep.addresses.get(cep);
        if (!found) return send(200, { erro: 'true' });
        send(200, {
          cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
          logradouro: found.street,
          complemento: '',
          bairro: found.district,
          localidade: found.city,
          uf: found.state,
          ibge: '3550308',
        });
      };
      if (viaCep.behaviour === 'slow') return later(reply, SLOW_MS);
      return reply();
    }
    if (brasil) {
      const cep = brasil[1];
      brasilApi.hits.push(cep);
      if (brasilApi.behaviour === 'down') return send(500, { message: 'Erro interno' });
      const reply = () => {
        const found = brasilApi.addresses.get(cep);
        if (!found) {
          return send(404, {
            name: 'CepPromiseError',
            message: 'Todos os serviços de CEP retornaram erro.',
            type: 'service_error',
          });
        }
        send(200, {
          cep,
          state: found.state,
          city: found.city,
          neighborhood: found.district,
          street: found.street,
          service: 'correios',
        });
      };
      if (brasilApi.behaviour === 'slow') return later(reply, SLOW_MS);
      return reply();
    }
    send(404, { message: 'Not found' });
  });

  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    viaCepUrl: `${base}/viacep/ws/{cep}/json/`,
    brasilApiUrl: `${base}/brasilapi/api/cep/v1/{cep}`,
    viaCep,
    brasilApi,
    close: () =>
      new Promise<void>((done) => {
        for (const timer of pending) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
