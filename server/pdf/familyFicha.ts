// The family's ficha (issue 28): the church's letterhead, the household's name, congregation and
// address, and a table of its people — each with the relation, birth date and age, the member's
// status (or "Não membro"), and phone — with the footer of every Adam document.
import { formatDate, formatPhone } from '../../domain/formats.js';
import { memberStatusLabel } from '../../domain/members.js';
import type { Church } from '../db/schema.js';
import { churchAddress } from './letterhead.js';
import { COLORS, FONT, printable, renderPdf } from './document.js';
import { drawLetterhead } from './letterhead.js';
import { drawFooters, drawTable, drawTitle } from './report.js';

export interface FichaPerson {
  name: string;
  relation_text: string;
  birth_date: string | null;
  age: number | null;
  status: string | null;
  member_id: number | null;
  sex: string | null;
  phone: string | null;
  hidden: boolean;
}

export interface FamilyFicha {
  church: Church;
  family: {
    name: string;
    congregation_name: string;
    notes: string | null;
    zip_code: string | null;
    street: string | null;
    number: string | null;
    complement: string | null;
    district: string | null;
    city: string | null;
    state: string | null;
  };
  people: FichaPerson[];
}

const birthText = (person: FichaPerson) =>
  person.birth_date
    ? `${formatDate(person.birth_date)} (${person.age} ${person.age === 1 ? 'ano' : 'anos'})`
    : '';

export function familyFichaPdf(data: FamilyFicha): Promise<Buffer> {
  const generatedAt = new Date().toISOString();
  return renderPdf(
    { title: `Ficha da família – ${data.family.name}`, author: data.church.name, margin: 40 },
    (doc) => {
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      const y = drawLetterhead(doc, data.church, true);
      drawTitle(
        doc,
        `Ficha da família – ${data.family.name}`,
        `Congregação: ${data.family.congregation_name}`,
        y,
      );
      // The household's address, as the church's own is written.
      const address = churchAddress(data.family as unknown as Church);
      doc
        .font(FONT.bold)
        .fontSize(10)
        .fillColor(COLORS.text)
        .text('Endereço da família', left, doc.y + 12, { width });
      doc
        .font(FONT.regular)
        .fontSize(10)
        .text(printable(address || 'Não informado.'), left, doc.y + 2, { width });
      if (data.family.notes) {
        doc
          .font(FONT.bold)
          .text('Observações', left, doc.y + 8, { width })
          .font(FONT.regular)
          .text(printable(data.family.notes), left, doc.y + 2, { width });
      }
      drawTable(
        doc,
        [
          { header: 'Nome', width: 3.2, value: (person: FichaPerson) => person.name },
          { header: 'Parentesco', width: 2.6, value: (person) => person.relation_text },
          { header: 'Nascimento (idade)', width: 2.2, value: birthText },
          {
            header: 'Situação',
            width: 1.5,
            value: (person) =>
              person.member_id === null
                ? 'Não membro'
                : person.hidden
                  ? ''
                  : memberStatusLabel(person.status, person.sex),
          },
          { header: 'Telefone', width: 1.8, value: (person) => formatPhone(person.phone) },
        ],
        data.people,
        doc.y + 14,
        'Nenhuma pessoa nesta família.',
      );
      drawFooters(doc, generatedAt);
    },
  );
}
