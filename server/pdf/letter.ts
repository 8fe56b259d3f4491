// A letter on the church's letterhead: title and number, the text, place and date, and the
// pastor's signature line.
import { formatDate } from '../../domain/formats.js';
import { longDate } from '../../domain/calendar.js';
import { type LetterText, formatLetterNumber } from '../../domain/letters.js';
import { COLORS, FONT, printable, renderPdf } from './document.js';
import type { Church } from '../db/schema.js';
import { drawLetterhead, drawSignature } from './letterhead.js';

export interface LetterPdf {
  church: Church;
  text: LetterText;
  number: number;
  year: number;
  issued_on: string;
  /** The member's congregation (issue 12), under the number. */
  congregation_name: string;
}

export function letterPdf(letter: LetterPdf): Promise<Buffer> {
  const { church, text } = letter;
  const number = formatLetterNumber(letter.number, letter.year);
  return renderPdf(
    { title: `${text.title} nº ${number}`, author: church.name, margin: 60 },
    (doc) => {
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      let y = drawLetterhead(doc, church);

      doc
        .font(FONT.bold)
        .fontSize(15)
        .fillColor(COLORS.primary)
        .text(printable(text.title), left, y + 8, { width, align: 'center', characterSpacing: 1 });
      doc
        .font(FONT.regular)
        .fontSize(11)
        .fillColor(COLORS.text)
        .text(`Nº ${number}`, left, doc.y + 4, { width, align: 'center' });
      doc
        .fontSize(10)
        .fillColor(COLORS.muted)
        .text(printable(letter.congregation_name), left, doc.y + 2, { width, align: 'center' })
        .fontSize(11)
        .fillColor(COLORS.text);

      y = doc.y + 28;
      doc.font(FONT.bold).fontSize(11.5).text(printable(text.addressee), left, y, { width });
      doc.font(FONT.regular).text(printable(text.salutation), left, doc.y + 14, { width });
      for (const paragraph of text.paragraphs) {
        doc.text(printable(paragraph), left, doc.y + 12, {
          width,
          align: 'justify',
          indent: 28,
          lineGap: 3,
        });
      }

      const place = church.city ? `${church.city}${church.state ? `/${church.state}` : ''}, ` : '';
      doc.text(printable(`${place}${longDate(letter.issued_on)}.`), left, doc.y + 28, {
        width,
        align: 'right',
      });

      // Keep the signature with the date: a new page when it would not fit.
      if (doc.y + 110 > doc.page.height - doc.page.margins.bottom) doc.addPage();
      drawSignature(doc, { name: church.pastor_name, role: 'Pastor presidente' }, 64);

      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .fontSize(7.5)
        .fillColor(COLORS.muted)
        .text(
          printable(
            `${church.name} – carta nº ${number}, emitida em ${formatDate(letter.issued_on)}`,
          ),
          left,
          doc.page.height - 40,
          { width, align: 'center', lineBreak: false },
        );
      doc.page.margins.bottom = bottom;
    },
  );
}
