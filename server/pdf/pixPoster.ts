// The Pix poster of a bank account and purpose (issue 25): for the church's wall and bulletin,
// the church's name, what the gift is for, the QR code, the "copia e cola" text and the receiver
// the payer's bank app will show.
import QRCode from 'qrcode';
import { formatMoney } from '../../domain/formats.js';
import type { Church } from '../db/schema.js';
import { COLORS, FONT, printable, renderPdf } from './document.js';
import { drawLetterhead } from './letterhead.js';

export interface PixPoster {
  purpose_label: string;
  payload: string;
  key_label: string;
  key: string;
  receiver: string;
  city: string;
  account_name: string;
  congregation_name: string | null;
  amount_cents: number | null;
}

export async function pixPosterPdf(church: Church, poster: PixPoster): Promise<Buffer> {
  const qr = await QRCode.toBuffer(poster.payload, {
    type: 'png',
    margin: 1,
    width: 900,
    errorCorrectionLevel: 'M',
  });
  return renderPdf(
    { title: `Pix – ${poster.purpose_label}`, author: church.name, margin: 50 },
    (doc) => {
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      let y = drawLetterhead(doc, church, true);
      if (poster.congregation_name) {
        doc
          .font(FONT.regular)
          .fontSize(11)
          .fillColor(COLORS.muted)
          .text(printable(poster.congregation_name), left, y, { width, align: 'center' });
        y = doc.y + 6;
      }
      doc
        .font(FONT.bold)
        .fontSize(40)
        .fillColor(COLORS.primary)
        .text(printable(poster.purpose_label), left, y, { width, align: 'center' });
      doc
        .font(FONT.regular)
        .fontSize(16)
        .fillColor(COLORS.text)
        .text(
          poster.amount_cents ? `Pix de ${formatMoney(poster.amount_cents)}` : 'Contribua por Pix',
          left,
          doc.y + 2,
          { width, align: 'center' },
        );

      const size = 300;
      y = doc.y + 16;
      doc.image(qr, left + (width - size) / 2, y, { width: size, height: size });
      y += size + 14;

      doc
        .font(FONT.bold)
        .fontSize(12)
        .text('Aponte a câmera do aplicativo do seu banco para o código', left, y, {
          width,
          align: 'center',
        });
      doc
        .font(FONT.regular)
        .fontSize(11)
        .text(printable(`Chave Pix (${poster.key_label}): ${poster.key}`), left, doc.y + 10, {
          width,
          align: 'center',
        });
      doc.text(printable(`Recebedor: ${poster.receiver} – ${poster.city}`), left, doc.y + 2, {
        width,
        align: 'center',
      });

      doc
        .font(FONT.bold)
        .fontSize(10)
        .text('Pix copia e cola', left, doc.y + 16, { width, align: 'center' });
      const boxY = doc.y + 4;
      doc.font('Courier').fontSize(8.5);
      const textHeight = doc.heightOfString(poster.payload, { width: width - 20 });
      doc
        .rect(left, boxY, width, textHeight + 12)
        .lineWidth(0.75)
        .strokeColor(COLORS.rule)
        .stroke();
      doc.fillColor(COLORS.text).text(poster.payload, left + 10, boxY + 6, { width: width - 20 });

      doc
        .font(FONT.regular)
        .fontSize(9)
        .fillColor(COLORS.muted)
        .text(
          printable(
            `Antes de confirmar, confira no aplicativo o nome do recebedor: ${poster.receiver}. ` +
              'Não há taxa: o Pix vai direto para a conta da igreja.',
          ),
          left,
          boxY + textHeight + 24,
          { width, align: 'center' },
        );
      doc.fillColor(COLORS.text);
    },
  );
}
