// Church life (issue 26): recurring cultos and one-off events, their occurrences ("gatherings")
// with head counts and named presence, and visitors. One attendance engine: a gathering is any
// occasion people attend (later also a cell meeting or an EBD class session, by its kind).
//
// Head counts and named presence agree this way: a head count, when taken, is never below the
// named presence of its kind — saving a smaller one is refused, and a check-in that passes it
// raises it — and a count not taken stands at the named presence (totalsOf).
import { z } from 'zod';
import { INVALID_DATE_MESSAGE, isIsoDate } from './dates';
import { emptyToNull, optionalDigits, optionalText, recordId } from './fields';
import { MAX_CENTS } from './finance/installments';
import { searchText } from './search';

/**
 * What a gathering is: a culto's occurrence, an event, a cell's meeting (its report) or an EBD
 * class's chamada (domain/ebd.ts).
 */
export const GATHERING_KINDS = ['service', 'event', 'cell', 'ebd'] as const;
export type GatheringKind = (typeof GATHERING_KINDS)[number];
export const GATHERING_KIND_LABELS: Record<GatheringKind, string> = {
  service: 'Culto',
  event: 'Evento',
  cell: 'Célula',
  ebd: 'Chamada da EBD',
};

/**
 * A gathering as a line names it: "Célula – Betel", or only its name when the name already says
 * the kind ("Célula Betel", "Culto de domingo"), never "Célula – Célula Betel".
 */
export function gatheringTitle(kindLabel: string, name: string): string {
  return searchText(name).startsWith(searchText(kindLabel)) ? name : `${kindLabel} – ${name}`;
}

/**
 * The offering taken at a gathering (a cell's meeting, an EBD chamada), in centavos, exact; who
 * gave is never asked. It waits for the treasurer as a pending line ("Ofertas a receber").
 */
export const offeringCents = z
  .preprocess(
    emptyToNull,
    z
      .number({ error: 'Oferta: informe o valor.' })
      .int({ error: 'Oferta: valor inválido.' })
      .min(0, { error: 'Oferta: não pode ser negativa.' })
      .max(MAX_CENTS, { error: 'Oferta: valor alto demais.' })
      .nullable(),
  )
  .default(null);

/** The refusal to change an offering the treasury already received (server: 409). */
export const OFFERING_RECEIVED_MESSAGE =
  'A tesouraria já recebeu esta oferta: o valor não pode mudar. Peça ao tesoureiro que corrija a receita.';

/** How a person was marked present. */
export const CHECKIN_METHODS = ['name', 'qr', 'visitor'] as const;
export type CheckinMethod = (typeof CHECKIN_METHODS)[number];
export const CHECKIN_METHOD_LABELS: Record<CheckinMethod, string> = {
  name: 'Pelo nome',
  qr: 'Pelo QR code da credencial',
  visitor: 'Visitante',
};

export const WEEKDAY_LABELS = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
] as const;

/** The weekday (0 = Sunday) of an ISO date. */
export const weekdayOf = (date: string): number => new Date(`${date}T12:00:00Z`).getUTCDay();

/** The most a head count may hold (a stadium, not a typo of a few more zeros). */
export const MAX_HEAD_COUNT = 100_000;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const name = (label: string) =>
  z
    .string({ error: `Informe o nome ${label}.` })
    .trim()
    .min(1, { error: `Informe o nome ${label}.` })
    .max(100, { error: `Nome ${label}: no máximo 100 caracteres.` });

const congregation = z.preprocess(emptyToNull, recordId('Informe a congregação.'));

const TIME_MESSAGE = 'Horário inválido: use HH:MM.';
const timeText = () => z.string({ error: TIME_MESSAGE }).regex(TIME, { error: TIME_MESSAGE });

const date = z.preprocess(
  emptyToNull,
  z.string({ error: 'Informe a data.' }).refine(isIsoDate, { error: INVALID_DATE_MESSAGE }),
);

const headCount = (label: string) =>
  z.preprocess(
    emptyToNull,
    z
      .number({ error: `${label}: informe um número inteiro.` })
      .int({ error: `${label}: informe um número inteiro.` })
      .min(0, { error: `${label}: não pode ser negativo.` })
      .max(MAX_HEAD_COUNT, { error: `${label}: no máximo ${MAX_HEAD_COUNT}.` })
      .nullable(),
  );

/** A recurring culto of a congregation (/igreja/horarios). */
export const worshipServiceSchema = z.object({
  name: name('do culto'),
  congregation_id: congregation,
  weekday: z
    .number({ error: 'Informe o dia da semana.' })
    .int({ error: 'Informe o dia da semana.' })
    .min(0, { error: 'Informe o dia da semana.' })
    .max(6, { error: 'Informe o dia da semana.' }),
  time: z.preprocess(emptyToNull, timeText()),
  active: z.boolean({ error: 'Ativo: use sim ou não.' }).default(true),
});
export type WorshipServiceInput = z.infer<typeof worshipServiceSchema>;

/** How many líderes may host one culto's check-in. */
export const MAX_HOSTS = 10;

/**
 * The líderes who host a culto's check-in (issue 26; domain/assignments.ts): members of the
 * culto's congregation, each of whom, signed in as a líder, opens and does only its check-in.
 */
export const serviceHostsSchema = z.object({
  host_ids: z
    .array(recordId('Anfitrião inválido.'), { error: 'Anfitriões inválidos.' })
    .max(MAX_HOSTS, { error: `No máximo ${MAX_HOSTS} anfitriões.` })
    .transform((ids) => [...new Set(ids)]),
});

/** The words of a check-in's name search, and how many people it answers. */
export const PEOPLE_SEARCH_LIMIT = 8;
export const peopleSearchSchema = z.object({
  q: z
    .string({ error: 'Digite parte do nome.' })
    .trim()
    .min(2, { error: 'Digite ao menos 2 letras do nome.' })
    .max(100, { error: 'No máximo 100 caracteres.' }),
});

/** The head counts of a gathering: the ushers' figures, each optional. */
export const headCountsShape = {
  count_members: headCount('Membros'),
  count_visitors: headCount('Visitantes'),
  count_children: headCount('Crianças'),
};

/** A gathering as written: an event created, or any gathering's name, date, counts, notes. */
export const gatheringSchema = z.object({
  name: name('do culto ou evento'),
  congregation_id: congregation,
  date,
  time: z.preprocess(emptyToNull, timeText().nullable()).default(null),
  notes: optionalText(1000, 'Observações').default(null),
  ...headCountsShape,
});
export type GatheringInput = z.infer<typeof gatheringSchema>;

/** Opening a recurring culto on a date (default: today, in the church's calendar). */
export const openServiceSchema = z.object({
  date: z
    .preprocess(
      emptyToNull,
      z.string().refine(isIsoDate, { error: INVALID_DATE_MESSAGE }).nullable(),
    )
    .default(null),
});

/** The idempotency key a phone gives each check-in: the same key is the same check-in. */
export const CLIENT_KEY = /^[A-Za-z0-9_-]{8,64}$/;
const clientKey = z.preprocess(
  emptyToNull,
  z
    .string({ error: 'Chave de envio inválida.' })
    .regex(CLIENT_KEY, { error: 'Chave de envio inválida.' })
    .nullable(),
);

/** A check-in: one of a member, a credential's QR code (its code or its address) or a visitor. */
export const checkinSchema = z
  .object({
    member_id: z.preprocess(emptyToNull, recordId('Membro inválido.').nullable()).default(null),
    credential_code: z
      .preprocess(
        emptyToNull,
        z
          .string({ error: 'QR code inválido.' })
          .max(500, { error: 'QR code inválido.' })
          .nullable(),
      )
      .default(null),
    visitor_id: z.preprocess(emptyToNull, recordId('Visitante inválido.').nullable()).default(null),
    client_key: clientKey.default(null),
  })
  .refine(
    (input) =>
      [input.member_id, input.credential_code, input.visitor_id].filter((value) => value !== null)
        .length === 1,
    {
      error: 'Informe um membro, o QR code de uma credencial ou um visitante.',
      path: ['member_id'],
    },
  );
export type CheckinInput = z.infer<typeof checkinSchema>;

/**
 * The credential code a scanned QR carries: the card's check address (…/credencial/CODE) or the
 * code itself; null when it is neither.
 */
export function credentialCodeFromQr(text: string): string | null {
  const trimmed = text.trim();
  const match = /\/credencial\/([^/?#\s]+)\/?(?:[?#].*)?$/.exec(trimmed);
  let code = trimmed;
  if (match) {
    try {
      code = decodeURIComponent(match[1]);
    } catch {
      return null;
    }
  }
  return /^[A-Za-z0-9_-]{32}$/.test(code) ? code : null;
}

export const CONTACT_CONSENT_NEEDED =
  'Para guardar o telefone, registre que o visitante concorda em ser contatado.';

/** The visitor quick-add (30 seconds at the door): who, how to reach them, who invited them. */
export const visitorSchema = z
  .object({
    name: name('do visitante'),
    congregation_id: z
      .preprocess(emptyToNull, recordId('Informe a congregação.').nullable())
      .default(null),
    phone: optionalDigits([10, 11], 'Telefone inválido: informe DDD e número.').default(null),
    invited_by_id: z
      .preprocess(emptyToNull, recordId('Membro que convidou inválido.').nullable())
      .default(null),
    first_visit: z.boolean({ error: 'Primeira vez: use sim ou não.' }).default(true),
    contact_consent: z.boolean({ error: 'Consentimento: use sim ou não.' }).default(false),
    notes: optionalText(1000, 'Observações').default(null),
    /** Checks the visitor in at once. */
    gathering_id: z
      .preprocess(emptyToNull, recordId('Culto ou evento inválido.').nullable())
      .default(null),
    client_key: clientKey.default(null),
  })
  .refine((input) => input.phone === null || input.contact_consent, {
    error: CONTACT_CONSENT_NEEDED,
    path: ['contact_consent'],
  });
export type VisitorInput = z.infer<typeof visitorSchema>;

export interface HeadCounts {
  count_members: number | null;
  count_visitors: number | null;
  count_children: number | null;
}

/**
 * The figures of a gathering: a count not taken stands at the named presence, and a count never
 * stands below it (two phones checking in at once may each raise it to its own sum).
 */
export function totalsOf(counts: HeadCounts, named: { members: number; visitors: number }) {
  const members = Math.max(counts.count_members ?? 0, named.members);
  const visitors = Math.max(counts.count_visitors ?? 0, named.visitors);
  const children = counts.count_children ?? 0;
  return { members, visitors, children, total: members + visitors + children };
}

/** A head count below the named presence of its kind, as the refusal says it; else null. */
export function countBelowNamed(count: number | null, named: number, what: string): string | null {
  if (count === null || count >= named) return null;
  return `Há ${named} ${what} marcados presentes pelo nome: a contagem não pode ser menor.`;
}

/** A visitor edited on their page: the quick-add's fields, without check-in or consent. */
export const visitorEditSchema = z.object({
  name: name('do visitante'),
  phone: optionalDigits([10, 11], 'Telefone inválido: informe DDD e número.').default(null),
  invited_by_id: z
    .preprocess(emptyToNull, recordId('Membro que convidou inválido.').nullable())
    .default(null),
  first_visit: z.boolean({ error: 'Primeira vez: use sim ou não.' }).default(true),
  notes: optionalText(1000, 'Observações').default(null),
});
export type VisitorEditInput = z.infer<typeof visitorEditSchema>;

/**
 * A visitor's consent to be contacted, given or withdrawn on their page. Withdrawing it erases
 * the phone, kept only for that purpose (LGPD art. 8 § 5 and art. 16): giving it again asks for
 * the phone anew.
 */
export const VISITOR_CONSENT_ACTIONS = ['grant', 'revoke'] as const;
export const visitorConsentSchema = z.object({
  action: z.enum(VISITOR_CONSENT_ACTIONS, {
    error: 'Ação inválida: registre o consentimento ("grant") ou a sua retirada ("revoke").',
  }),
});

export const VISITOR_ALREADY_CONVERTED = 'Este visitante já foi cadastrado como membro.';
