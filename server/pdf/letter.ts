// A letter on the church's letterhead: title and number, the text, place and date, and the
// pastor's signature line; a transfer letter in transfer also carries its confirmation code and a
// QR code to the public page where the receiving church confirms (issue 28).
import QRCode from 'qrcode';
import { formatDate } from '../../domain/formats.js';
import { longDate } from '../../domain/calendar.js';
import { type LetterText, formatLetterNumber } from '../../domain/letters.js';
import { formatTransferCode } from '../../domain/transfers.js';
import { COLORS, FONT, type Pdf, printable, renderPdf } from './document.js';
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
  /** An open transfer's code and the public page's address (with the code) it opens. */
  confirmation?: { code: string; url: string } | null;
}

const QR_SIZE = 78;

/** The box the receiving church reads: where and with which code to confirm. */
function drawConfirmation(doc: Pdf, confirmation: { code: string; url: string }, qr: Buffer) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const top = doc.page.height - 60 - QR_SIZE - 16;
  doc
    .roundedRect(left, top, width, QR_SIZE + 16, 6)
    .lineWidth(0.75)
    .strokeColor(COLORS.muted)
    .stroke();
  doc.image(qr, left + width - QR_SIZE - 8, top + 8, { width: QR_SIZE, height: QR_SIZE });
  const textWidth = width - QR_SIZE - 32;
  const page = confirmation.url.split('#')[0];
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLORS.primary)
    .text('Confirmação do recebimento', left + 12, top + 10, { width: textWidth });
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(COLORS.text)
    .text(
      printable(
        `A igreja que receber o membro confirma o recebimento lendo o QR code ao lado ou em ${page}, com o código:`,
      ),
      left + 12,
      doc.y + 3,
      { width: textWidth },
    );
  doc
    .font(FONT.bold)
    .fontSize(14)
    .text(formatTransferCode(confirmation.code), left + 12, doc.y + 5, { width: textWidth });
  doc.font(FONT.regular).fontSize(11).fillColor(COLORS.text);
}

export async function letterPdf(letter: LetterPdf): Promise<Buffer> {
  const { church, text, confirmation } = letter;
  const number = formatLetterNumber(letter.number, letter.year);
  const qr = confirmation
    ? await QRCode.toBuffer(confirmation.url, {
        type: 'png',
        margin: 1,
        width: 320,
        errorCorrectionLevel: 'M',
      })
    : null;
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
      if (confirmation && qr) {
        // The box sits at the page's foot: a new page when the signature reaches it.
        if (doc.y + 12 > doc.page.height - 60 - QR_SIZE - 16) doc.addPage();
        drawConfirmation(doc, confirmation, qr);
      }

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
