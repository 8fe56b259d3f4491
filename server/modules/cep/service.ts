// The address of a CEP, asked of ViaCEP and then of BrasilAPI (each with its own timeout), and
// kept in a bounded in-memory cache: found addresses for a day, unknown CEPs for an hour. A
// failure of both services is never cached, so the next lookup asks again.
import type { CepSettings } from '../../config.js';

export interface CepAddress {
  zip_code: string;
  street: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
}

export type CepAnswer =
  { status: 'found'; address: CepAddress } | { status: 'not_found' } | { status: 'unavailable' };

type UpstreamAnswer = CepAddress | 'not_found' | 'failed';

const FOUND_TTL_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND_TTL_MS = 60 * 60 * 1000;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

const state = (value: unknown): string | null => {
  const uf = text(value)?.toUpperCase() ?? null;
  return uf && /^[A-Z]{2}$/.test(uf) ? uf : null;
};

async function getJson(
  url: string,
  timeoutMs: number,
): Promise<{ status: number; json: unknown } | null> {
  try {
    const response = await fetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    let json: unknown = null;
    try {
      json = await response.json();
    } catch {
      json = null;
    }
    return { status: response.status, json };
  } catch {
    // Timeout, refused connection, DNS failure: the service is unavailable.
    return null;
  }
}

/** ViaCEP: 200 with the address, or 200 with `{"erro": true}` for an unknown CEP. */
async function viaCep(template: string, cep: string, timeoutMs: number): Promise<UpstreamAnswer> {
  const answer = await getJson(template.replace('{cep}', cep), timeoutMs);
  if (!answer) return 'failed';
  const body = answer.json as Record<string, unknown> | null;
  if (answer.status === 200 && body && typeof body === 'object') {
    if (body.erro === true || body.erro === 'true') return 'not_found';
    if (!text(body.localidade)) return 'failed';
    return {
      zip_code: cep,
      street: text(body.logradouro),
      district: text(body.bairro),
      city: text(body.localidade),
      state: state(body.uf),
    };
  }
  return answer.status === 404 ? 'not_found' : 'failed';
}

/** BrasilAPI (v1): 200 with the address, 404 for an unknown CEP. */
async function brasilApi(
  template: string,
  cep: string,
  timeoutMs: number,
): Promise<UpstreamAnswer> {
  const answer = await getJson(template.replace('{cep}', cep), timeoutMs);
  if (!answer) return 'failed';
  const body = answer.json as Record<string, unknown> | null;
  if (answer.status === 200 && body && typeof body === 'object' && text(body.city)) {
    return {
      zip_code: cep,
      street: text(body.street),
      district: text(body.neighborhood),
      city: text(body.city),
      state: state(body.state),
    };
  }
  return answer.status === 404 ? 'not_found' : 'failed';
}

export class CepService {
  private readonly cache = new Map<string, { answer: CepAnswer; expires: number }>();

  constructor(
    private readonly settings: CepSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** The address of `cep` (8 digits). */
  async lookup(cep: string): Promise<CepAnswer> {
    const cached = this.cache.get(cep);
    if (cached && cached.expires > this.now()) {
      // Least recently used last: refreshed on every hit.
      this.cache.delete(cep);
      this.cache.set(cep, cached);
      return cached.answer;
    }
    const answer = await this.ask(cep);
    if (answer.status !== 'unavailable') this.remember(cep, answer);
    return answer;
  }

  private async ask(cep: string): Promise<CepAnswer> {
    const { viaCepUrl, brasilApiUrl, timeoutMs } = this.settings;
    const answers: UpstreamAnswer[] = [];
    const upstreams = [
      viaCepUrl && (() => viaCep(viaCepUrl, cep, timeoutMs)),
      brasilApiUrl && (() => brasilApi(brasilApiUrl, cep, timeoutMs)),
    ].filter((ask) => typeof ask === 'function');
    for (const ask of upstreams) {
      const answer = await ask();
      if (typeof answer === 'object') return { status: 'found', address: answer };
      answers.push(answer);
    }
    return answers.includes('not_found') ? { status: 'not_found' } : { status: 'unavailable' };
  }

  private remember(cep: string, answer: CepAnswer) {
    const ttl = answer.status === 'found' ? FOUND_TTL_MS : NOT_FOUND_TTL_MS;
    this.cache.delete(cep);
    this.cache.set(cep, { answer, expires: this.now() + ttl });
    while (this.cache.size > this.settings.cacheSize) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }
}
