// Letters (cartas, DESIGN §5): recommendation and transfer, numbered per year (12/2026).
// The schema is the server's check and the dialog's; the text is what the printed letter says.
import { z } from 'zod';
import { recordId } from './fields';

export const LETTER_TYPES = ['recommendation', 'transfer'] as const;
export type LetterType = (typeof LETTER_TYPES)[number];
export const LETTER_TYPE_LABELS: Record<LetterType, string> = {
  recommendation: 'Carta de recomendação',
  transfer: 'Carta de transferência',
};
export const LETTER_TYPE_PLURALS: Record<LetterType, string> = {
  recommendation: 'Cartas de recomendação',
  transfer: 'Cartas de transferência',
};

const required = (max: number, label: string, missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: `${label}: no máximo ${max} caracteres.` });

export const letterSchema = z.object({
  member_id: recordId('Informe o membro.'),
  letter_type: z.enum(LETTER_TYPES, { error: 'Escolha o tipo de carta.' }),
  destination_church: required(150, 'Igreja de destino', 'Informe a igreja de destino.'),
  destination_city: required(80, 'Cidade de destino', 'Informe a cidade de destino.'),
  notes: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
    z
      .string({ error: 'Observações inválidas.' })
      .max(1000, { error: 'Observações: no máximo 1000 caracteres.' })
      .nullable(),
  ),
});
export type LetterInput = z.infer<typeof letterSchema>;

/** 12, 2026 -> '12/2026'. */
export function formatLetterNumber(number: number, year: number): string {
  return `${number}/${year}`;
}

/** "À Igreja Batista Central", or "À igreja Ministério Vida" when the name does not say "igreja". */
function addresseeOf(church: string): string {
  return /^(igreja|assembleia|comunidade|congregação|catedral|primeira|segunda|terceira)\b/i.test(
    church,
  )
    ? `À ${church}`
    : `À igreja ${church}`;
}

export interface LetterText {
  title: string;
  addressee: string;
  salutation: string;
  paragraphs: string[];
}

/** The words of a letter (Portuguese, agreeing with the member's sex when known). */
export function letterText(letter: {
  letter_type: LetterType;
  destination_church: string;
  destination_city: string;
  notes: string | null;
  member: {
    name: string;
    sex: string | null;
    position: string | null;
  };
  admission_date_text: string | null;
}): LetterText {
  const { member } = letter;
  const female = member.sex === 'F';
  const male = member.sex === 'M';
  const brother = female ? 'a irmã' : male ? 'o irmão' : 'o(a) irmão(ã)';
  const received = female ? 'recebida' : male ? 'recebido' : 'recebido(a)';
  const pronoun = female ? 'a' : male ? 'o' : 'o(a)';
  const released = female ? 'desligada' : male ? 'desligado' : 'desligado(a)';
  const since = letter.admission_date_text
    ? `, membro desta igreja desde ${letter.admission_date_text}`
    : ', membro desta igreja';
  const position = member.position ? `, que exerce entre nós o cargo de ${member.position}` : '';
  const presentation = `${brother} ${member.name}${since}${position}`;
  const paragraphs =
    letter.letter_type === 'transfer'
      ? [
          `Comunicamos que ${presentation}, solicitou transferência para essa igreja.`,
          `Certificamos que, até esta data, encontra-se em plena comunhão conosco, e ${pronoun} recomendamos para que seja ${received} em vosso rol de membros, no amor de Cristo. Confirmado o recebimento por essa igreja, ficará ${released} do nosso rol de membros.`,
        ]
      : [
          `Apresentamos e recomendamos a vós ${presentation}. Certificamos que se encontra em plena comunhão conosco.`,
          `Pedimos que ${pronoun} recebais no Senhor, como convém aos santos (Romanos 16.2), e lhe presteis a assistência de que necessitar.`,
        ];
  if (letter.notes) paragraphs.push(letter.notes);
  paragraphs.push('Sem mais, enviamos nossas saudações fraternas.');
  return {
    title: LETTER_TYPE_LABELS[letter.letter_type].toUpperCase(),
    addressee: `${addresseeOf(letter.destination_church)}, em ${letter.destination_city}.`,
    salutation: 'Amados irmãos, a paz do Senhor Jesus Cristo.',
    paragraphs,
  };
}
