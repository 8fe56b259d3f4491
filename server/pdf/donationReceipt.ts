// The receipt of a gift (recibo): the church's letterhead, the number, who gave, the amount in
// figures and in words, what it was for, how and when it came, and the treasurer's signature
// line. A reprint keeps the number and says "2ª via". One receipt per page, so a day's receipts
// print as one document.
import QRCode from 'qrcode';
import { longDate } from '../../domain/calendar.js';
import { amountInWords } from '../../domain/finance/amountInWords.js';
import { formatDate, formatDateTime, formatDocument, formatMoney } from '../../domain/formats.js';
import type { Church } from '../db/schema.js';
import { COLORS, FONT, type Pdf, printable, renderPdf } from './document.js';
import { drawLetterhead, drawSignature } from './letterhead.js';

export interface DonationReceipt {
  number: number;
  year: number;
  /** Printed before: this copy is the "2ª via". */
  reprint: boolean;
  issued_at: string;
  congregation_name: string | null;
  donor_name: string;
  donor_document: string | null;
  amount_cents: number;
  category_name: string;
  description: string | null;
  method_label: string;
  date: string;
  /** The church's Pix (of the income's account, or its congregation's), to give again. */
  pix: { payload: string; purpose_label: string; receiver: string; key: string } | null;
}

/** '12/2026': the receipt's number in its year's series. */
export const receiptNumber = (receipt: Pick<DonationReceipt, 'number' | 'year'>) =>
  `${receipt.number}/${receipt.year}`;

const QR_SIZE = 96;

/** The Pix box: its QR code beside the words and the "copia e cola" text. */
function drawPix(doc: Pdf, pix: NonNullable<DonationReceipt['pix']>, qr: Buffer, top: number) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const textLeft = left + QR_SIZE + 22;
  const textWidth = width - QR_SIZE - 32;
  doc.font('Courier').fontSize(7.5);
  const codeHeight = doc.heightOfString(pix.payload, { width: textWidth });
  const height = Math.max(QR_SIZE + 16, codeHeight + 58);
  doc.rect(left, top, width, height).lineWidth(0.75).strokeColor(COLORS.rule).stroke();
  doc.image(qr, left + 8, top + 8, { width: QR_SIZE, height: QR_SIZE });
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLORS.primary)
    .text(printable(`Contribua de novo por Pix – ${pix.purpose_label}`), textLeft, top + 9, {
      width: textWidth,
    });
  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor(COLORS.text)
    .text(
      printable(
        `Aponte a câmera do aplicativo do seu banco para o código, ou use o Pix copia e cola. Recebedor: ${pix.receiver}; chave: ${pix.key}.`,
      ),
      textLeft,
      doc.y + 2,
      { width: textWidth },
    );
  doc
    .font('Courier')
    .fontSize(7.5)
    .text(pix.payload, textLeft, doc.y + 4, { width: textWidth });
  doc.font(FONT.regular).fillColor(COLORS.muted);
  doc.y = top + height;
}

function drawReceipt(
  doc: Pdf,
  church: Church,
  receipt: DonationReceipt,
  qr: Buffer | undefined,
): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  let y = drawLetterhead(doc, church);

  doc
    .font(FONT.bold)
    .fontSize(16)
    .fillColor(COLORS.primary)
    .text('RECIBO', left, y, { width, align: 'center' });
  doc
    .font(FONT.regular)
    .fontSize(11)
    .fillColor(COLORS.text)
    .text(`Nº ${receiptNumber(receipt)}`, left, doc.y + 4, { width, align: 'center' });
  if (receipt.congregation_name) {
    doc
      .fontSize(10)
      .fillColor(COLORS.muted)
      .text(printable(receipt.congregation_name), left, doc.y + 2, { width, align: 'center' });
  }
  const belowTitle = doc.y;
  if (receipt.reprint) {
    doc
      .font(FONT.bold)
      .fontSize(12)
      .fillColor('#b3261e')
      .text('2ª via', left, y, { width, align: 'right' });
  }

  // The amount in figures, boxed, as on a printed receipt book.
  y = belowTitle + 18;
  const money = formatMoney(receipt.amount_cents);
  const boxWidth = 170;
  doc
    .rect(left + width - boxWidth, y, boxWidth, 30)
    .lineWidth(1)
    .strokeColor(COLORS.primary)
    .stroke();
  doc
    .font(FONT.bold)
    .fontSize(15)
    .fillColor(COLORS.text)
    .text(money, left + width - boxWidth, y + 8, { width: boxWidth, align: 'center' });

  const donor = receipt.donor_document
    ? `${receipt.donor_name}, ${formatDocument(receipt.donor_document)}`
    : receipt.donor_name;
  const purpose = receipt.description
    ? `${receipt.category_name} (${receipt.description})`
    : receipt.category_name;
  doc.font(FONT.regular).fontSize(12).fillColor(COLORS.text);
  doc.text('Recebemos de ', left, y + 50, { width, continued: true, lineGap: 4 });
  doc.font(FONT.bold).text(printable(donor), { continued: true });
  doc.font(FONT.regular).text(', a importância de ', { continued: true });
  doc.font(FONT.bold).text(`${money} (${amountInWords(receipt.amount_cents)})`, {
    continued: true,
  });
  doc.font(FONT.regular).text(printable(`, referente a ${purpose}.`), { align: 'justify' });

  y = doc.y + 16;
  const rows: Array<[string, string]> = [
    ['Categoria', receipt.category_name],
    ['Forma de pagamento', receipt.method_label],
    ['Data do recebimento', formatDate(receipt.date)],
  ];
  for (const [label, value] of rows) {
    doc.font(FONT.bold).fontSize(10.5).text(`${label}:`, left, y, { width: 140 });
    doc.font(FONT.regular).text(printable(value), left + 140, y, { width: width - 140 });
    y = doc.y + 4;
  }

  const place = church.city ? `${church.city}${church.state ? `/${church.state}` : ''}, ` : '';
  doc
    .fontSize(11)
    .text(printable(`${place}${longDate(receipt.date)}.`), left, y + 20, { width, align: 'right' });

  drawSignature(doc, { name: church.treasurer_name, role: 'Tesoureiro(a)' });
  doc
    .fontSize(9)
    .fillColor(COLORS.muted)
    .text(printable(church.name), left, doc.y + 1, { width, align: 'center' });

  if (receipt.pix && qr) drawPix(doc, receipt.pix, qr, doc.y + 22);

  const issued = receipt.reprint
    ? `2ª via emitida em ${formatDateTime(new Date().toISOString())}; original em ${formatDateTime(receipt.issued_at)}`
    : `Emitido em ${formatDateTime(receipt.issued_at)}`;
  doc
    .fontSize(8)
    .text(printable(`Recibo nº ${receiptNumber(receipt)} – ${issued}`), left, doc.y + 24, {
      width,
      align: 'center',
    });
  doc.fillColor(COLORS.text);
}

/** One receipt, or a day's receipts one per page, as a PDF. */
export async function donationReceiptsPdf(
  church: Church,
  receipts: DonationReceipt[],
): Promise<Buffer> {
  const title =
    receipts.length === 1 ? `Recibo nº ${receiptNumber(receipts[0])}` : 'Recibos de receitas';
  // One image per distinct code (a day's receipts share a few).
  const codes = new Map<string, Buffer>();
  for (const { pix } of receipts) {
    if (pix && !codes.has(pix.payload)) {
      codes.set(
        pix.payload,
        await QRCode.toBuffer(pix.payload, {
          type: 'png',
          margin: 1,
          width: 300,
          errorCorrectionLevel: 'M',
        }),
      );
    }
  }
  return renderPdf({ title, author: church.name }, (doc) => {
    receipts.forEach((receipt, index) => {
      if (index > 0) doc.addPage();
      drawReceipt(doc, church, receipt, receipt.pix ? codes.get(receipt.pix.payload) : undefined);
    });
  });
}
