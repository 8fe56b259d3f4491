// A real SMTP server on 127.0.0.1 (the smtp-server package) receiving what Adam sends: each
// message's envelope recipient, Message-ID, subject and text, decoded. Recipients whose address
// starts with "recusa" are refused at RCPT TO with a 550, as a mailbox that does not exist.
import { SMTPServer } from 'smtp-server';

/** The one account the test server accepts. */
export const SMTP_ACCOUNT = { user: 'igreja', password: 'segredo-smtp-123' };

export interface ReceivedMail {
  to: string;
  messageId: string;
  subject: string;
  text: string;
  headers: string;
}

export interface TestSmtp {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A single-part text message as its headers, subject and decoded text. */
export function parseMail(raw: string): Omit<ReceivedMail, 'to'> {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return {
    messageId: header('Message-ID'),
    subject: decodeWords(header('Subject')),
    text: text.replace(/\r\n/g, '\n'),
    headers,
  };
}

export interface SmtpOptions {
  /**
   * Called with each message once its data is in, before the server answers: 'accept' answers
   * 250 and records it; 'drop' answers nothing until the client is gone and records nothing (a
   * sender killed while waiting for the answer).
   */
  beforeAnswer?: (mail: ReceivedMail, clientPort: number) => Promise<'accept' | 'drop'>;
}

export async function startTestSmtp(options: SmtpOptions = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    // The church's account: the password Adam keeps write-only must reach the server.
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_ACCOUNT.user && auth.password === SMTP_ACCOUNT.password) {
        return callback(null, { user: auth.username });
      }
      callback(new Error('Usuário ou senha inválidos'));
    },
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('recusa')) {
        const error = new Error('Caixa postal inexistente') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const parsed = parseMail(Buffer.concat(chunks).toString('utf8'));
        const mails = session.envelope.rcptTo.map((to) => ({ ...parsed, to: to.address }));
        const answer = options.beforeAnswer
          ? await options.beforeAnswer(mails[0], session.remotePort)
          : 'accept';
        if (answer === 'drop') return callback(new Error('Conexão encerrada'));
        received.push(...mails);
        callback();
      });
    },
  });
  const port = await new Promise<number>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      done(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    port,
    received,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
