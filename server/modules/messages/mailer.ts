// E-mail through the church's SMTP server (nodemailer): one pooled transport per settings, each
// message with a stable Message-ID (the same on a resend after a crash, so that mail systems can
// tell it is one message), a List-Unsubscribe header and the unsubscribe footer.
import nodemailer, { type Transporter } from 'nodemailer';
import { UNSUBSCRIBE_PATH, unsubscribeFooter } from '../../../domain/messages.js';
import type { MessageSettings } from '../../db/schema.js';

/** How long the SMTP server has to answer (well inside a delivery's lease). */
const SMTP_TIMEOUT_MS = 20_000;

export interface Outgoing {
  to: string;
  subject: string;
  text: string;
  /** The stable Message-ID, without the angle brackets' domain part chosen here. */
  id: string;
  /** The unsubscribe page of this delivery, or null (a test e-mail). */
  unsubscribeUrl: string | null;
}

const transports = new Map<string, Transporter>();

function transportFor(settings: MessageSettings): Transporter {
  const key = JSON.stringify([
    settings.smtp_host,
    settings.smtp_port,
    settings.smtp_security,
    settings.smtp_user,
    settings.smtp_password,
  ]);
  let transport = transports.get(key);
  if (!transport) {
    for (const old of transports.values()) old.close();
    transports.clear();
    transport = nodemailer.createTransport({
      host: settings.smtp_host ?? undefined,
      port: settings.smtp_port,
      secure: settings.smtp_security === 'tls',
      requireTLS: settings.smtp_security === 'starttls',
      ignoreTLS: settings.smtp_security === 'none',
      auth: settings.smtp_user
        ? { user: settings.smtp_user, pass: settings.smtp_password ?? '' }
        : undefined,
      pool: true,
      maxConnections: 1,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    transports.set(key, transport);
  }
  return transport;
}

/** Closes the pooled connections (the server stopping, a test ending). */
export function closeTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}

export const unsubscribeUrl = (base: string, token: string) =>
  `${base.replace(/\/+$/, '')}${UNSUBSCRIBE_PATH}/${token}`;

/** Sends one e-mail; resolves once the SMTP server accepted it, throws its refusal otherwise. */
export async function sendMail(settings: MessageSettings, mail: Outgoing): Promise<void> {
  const domain = settings.from_email?.split('@')[1] ?? 'adam.local';
  await transportFor(settings).sendMail({
    from: { name: settings.from_name ?? '', address: settings.from_email ?? '' },
    to: mail.to,
    subject: mail.subject,
    text: mail.unsubscribeUrl ? mail.text + unsubscribeFooter(mail.unsubscribeUrl) : mail.text,
    messageId: `<${mail.id}@${domain}>`,
    headers: mail.unsubscribeUrl ? { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>` } : {},
  });
}

interface SmtpError {
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/**
 * What a refusal means: a recipient refused for good (5xx to RCPT TO) bounced, another 5xx
 * failed, anything else (4xx, no connection, a timeout) may pass and is tried again.
 */
export function failureOf(error: unknown): {
  status: 'bounced' | 'failed' | 'retry';
  error: string;
} {
  const e = (error ?? {}) as SmtpError;
  const code = e.responseCode ?? 0;
  if (code >= 500 && (e.command === 'RCPT TO' || e.code === 'EENVELOPE')) {
    return { status: 'bounced', error: `O servidor recusou o destinatário: ${answerOf(e, error)}` };
  }
  return { status: code >= 500 ? 'failed' : 'retry', error: failureText(error) };
}

const answerOf = (e: SmtpError, error: unknown) =>
  (e.response ?? e.message ?? String(error)).trim();

/** A failure as the secretary reads it on the test's answer. */
export function failureText(error: unknown): string {
  const e = (error ?? {}) as SmtpError;
  if (e.code === 'ECONNREFUSED' || e.code === 'ESOCKET' || e.code === 'ECONNECTION') {
    return `Não foi possível conectar ao servidor SMTP (${e.message ?? e.code}).`;
  }
  if (e.code === 'EAUTH') return 'O servidor SMTP recusou o usuário ou a senha.';
  if (e.code === 'ETIMEDOUT') return 'O servidor SMTP não respondeu a tempo.';
  return `O servidor SMTP recusou o envio: ${answerOf(e, error)}`;
}
