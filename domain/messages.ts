// Messages to people (issue 28, "Reaching people"): the church's SMTP settings, a message's
// subject and body with {nome}-style fields, its audience (the member list's filters, cells,
// visitors) and each person's delivery. Shared by the compose screen and the API.
import { z } from 'zod';
import { emptyToNull, optionalText, recordId } from './fields';
import { MEMBER_STATUSES } from './members';
import { whatsappUrl } from './reports';

export const MESSAGE_CHANNELS = ['email', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = {
  email: 'E-mail',
  whatsapp: 'WhatsApp',
};

/**
 * A delivery's state. E-mail: queued -> sending -> sent | failed | bounced. WhatsApp: pending ->
 * sent (its link clicked). Skipped when the message was queued: no address, unsubscribed, no
 * consent.
 */
export const DELIVERY_STATUSES = [
  'queued',
  'sending',
  'pending',
  'sent',
  'failed',
  'bounced',
  'no_address',
  'unsubscribed',
  'no_consent',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  queued: 'Na fila',
  sending: 'Enviando',
  pending: 'A enviar',
  sent: 'Enviada',
  failed: 'Falhou',
  bounced: 'Devolvida',
  no_address: 'Sem contato',
  unsubscribed: 'Descadastrado',
  no_consent: 'Sem consentimento',
};

/** The fields a subject or body may use, and what each stands for. */
export const MESSAGE_FIELDS = {
  '{nome}': 'Nome completo',
  '{primeiro_nome}': 'Primeiro nome',
  '{congregacao}': 'Congregação',
  '{igreja}': 'Nome da igreja',
} as const;

export interface MessagePerson {
  name: string;
  congregation: string;
  church: string;
}

/** The text with each field replaced by the person's value; unknown braces stay as written. */
export function renderMessage(text: string, person: MessagePerson): string {
  const values: Record<string, string> = {
    '{nome}': person.name,
    '{primeiro_nome}': person.name.trim().split(/\s+/)[0] ?? '',
    '{congregacao}': person.congregation,
    '{igreja}': person.church,
  };
  return text.replace(/\{[a-z_]+\}/g, (field) => values[field] ?? field);
}

/** The WhatsApp link of a message for one person (null without a usable phone). */
export function messageWhatsappUrl(phone: string | null, text: string): string | null {
  return whatsappUrl(phone, text);
}

export { UNSUBSCRIBE_PATH } from './publicPaths';

/** The footer every e-mail carries (LGPD: the person may stop receiving them). */
export function unsubscribeFooter(url: string): string {
  return `\n\n--\nNão quer mais receber estas mensagens? Descadastre-se: ${url}`;
}

const statusesOf = z.array(z.enum(MEMBER_STATUSES, { error: 'Situação inválida.' }));

/**
 * Who a message goes to: the member list's filters (server/modules/members/filters.ts), a cell's
 * members, and, as an option, the visitors who agreed to be contacted.
 */
export const audienceSchema = z.object({
  members: z.boolean({ error: 'Informe se a mensagem vai para membros.' }).default(true),
  congregation_id: z.preprocess(emptyToNull, recordId('Congregação inválida.').nullable()),
  department_id: z.preprocess(emptyToNull, recordId('Departamento inválido.').nullable()),
  cell_id: z.preprocess(emptyToNull, recordId('Célula inválida.').nullable()),
  status: statusesOf.default(['active']),
  birth_month: z.preprocess(
    emptyToNull,
    z
      .number({ error: 'Mês inválido.' })
      .int({ error: 'Mês inválido.' })
      .min(1, { error: 'Mês inválido.' })
      .max(12, { error: 'Mês inválido.' })
      .nullable(),
  ),
  visitors: z.boolean({ error: 'Informe se a mensagem vai para visitantes.' }).default(false),
});
export type Audience = z.output<typeof audienceSchema>;

const subjectField = z
  .string({ error: 'Informe o assunto.' })
  .trim()
  .max(200, { error: 'Assunto: no máximo 200 caracteres.' });
const bodyField = z
  .string({ error: 'Escreva a mensagem.' })
  .trim()
  .min(1, { error: 'Escreva a mensagem.' })
  .max(10_000, { error: 'Mensagem: no máximo 10.000 caracteres.' });

export const messageSchema = z
  .object({
    channel: z.enum(MESSAGE_CHANNELS, { error: 'Escolha e-mail ou WhatsApp.' }),
    subject: subjectField.default(''),
    body: bodyField,
    audience: audienceSchema,
  })
  .superRefine((message, context) => {
    if (message.channel === 'email' && message.subject === '') {
      context.addIssue({ code: 'custom', path: ['subject'], message: 'Informe o assunto.' });
    }
    if (!message.audience.members && !message.audience.visitors) {
      context.addIssue({
        code: 'custom',
        path: ['audience'],
        message: 'Escolha membros, visitantes ou ambos.',
      });
    }
  });
export type MessageInput = z.output<typeof messageSchema>;

/** Why a user limited to congregations may not change the church's e-mail settings. */
export const SETTINGS_WHOLE_CHURCH =
  'As configurações de e-mail valem para todas as congregações: só um usuário sem limite de congregação pode alterá-las ou testá-las.';

export const SMTP_SECURITY = ['tls', 'starttls', 'none'] as const;
export const SMTP_SECURITY_LABELS: Record<(typeof SMTP_SECURITY)[number], string> = {
  tls: 'TLS (porta 465)',
  starttls: 'STARTTLS (porta 587)',
  none: 'Sem criptografia (rede local)',
};

/** The slowest and fastest pace the queue accepts, in messages per minute. */
export const RATE_RANGE = { min: 1, max: 6000 } as const;

/**
 * The church's e-mail settings; the password is write-only (never answered, kept when the form
 * sends none), and the birthday greeting's opt-in and text.
 */
export const messageSettingsSchema = z.object({
  smtp_host: optionalText(200, 'Servidor SMTP'),
  smtp_port: z
    .number({ error: 'Porta inválida.' })
    .int({ error: 'Porta inválida.' })
    .min(1, { error: 'Porta inválida.' })
    .max(65535, { error: 'Porta inválida.' }),
  smtp_security: z.enum(SMTP_SECURITY, { error: 'Escolha a segurança da conexão.' }),
  smtp_user: optionalText(200, 'Usuário'),
  smtp_password: optionalText(500, 'Senha').optional(),
  from_name: optionalText(120, 'Nome do remetente'),
  from_email: z.preprocess(
    (value) => {
      const cleaned = emptyToNull(value);
      return typeof cleaned === 'string' ? cleaned.toLowerCase() : cleaned;
    },
    z.email({ error: 'Informe um e-mail válido.' }).max(254).nullable(),
  ),
  rate_per_minute: z
    .number({ error: 'Informe quantas mensagens por minuto.' })
    .int({ error: 'Informe um número inteiro.' })
    .min(RATE_RANGE.min, { error: `De ${RATE_RANGE.min} a ${RATE_RANGE.max} por minuto.` })
    .max(RATE_RANGE.max, { error: `De ${RATE_RANGE.min} a ${RATE_RANGE.max} por minuto.` }),
  birthday_enabled: z.boolean({ error: 'Informe se envia os parabéns.' }),
  birthday_subject: subjectField.min(1, { error: 'Informe o assunto.' }),
  birthday_body: bodyField,
});
export type MessageSettingsInput = z.output<typeof messageSettingsSchema>;

export const testEmailSchema = z.object({
  to: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.email({ error: 'Informe um e-mail válido.' }).max(254),
  ),
});
