// Member cards, credit-card size (85.6 x 54 mm), front and back side by side so each pair is
// cut out and folded on the middle line; five pairs per A4 page for batch printing.
import type { Readable } from 'node:stream';
import QRCode from 'qrcode';
import { formatCredentialNumber } from '../../domain/credentials.js';
import { formatDate } from '../../domain/formats.js';
import {
  A4,
  COLORS,
  FONT,
  type Pdf,
  drawImage,
  imageOf,
  openImage,
  pdfStream,
  printable,
} from './document.js';
import type { Church } from '../db/schema.js';
import { churchAddress } from './letterhead.js';

export interface CardData {
  /** The credential's id. */
  id: number;
  name: string;
  position: string | null;
  number: number;
  issued_on: string;
  expires_on: string;
  admission_date: string | null;
  /** The member's congregation (issue 12). */
  congregation_name: string;
  /** The public check page the QR code opens. */
  check_url: string;
}

const MM = 72 / 25.4;
const W = 85.6 * MM;
const H = 53.98 * MM;
const PER_PAGE = 5;
const GAP = 8;
const LEFT = (A4.width - 2 * W) / 2;
const TOP = (A4.height - PER_PAGE * H - (PER_PAGE - 1) * GAP) / 2;
const BAND = 30;

function initials(name: string): string {
  const all = name.split(/\s+/).filter(Boolean);
  const long = all.filter((word) => word.length > 2);
  const words = long.length > 0 ? long : all;
  return `${words[0]?.[0] ?? ''}${words.length > 1 ? words[words.length - 1][0] : ''}`.toUpperCase();
}

/** The photo filling its 3x4 box (cropped at the sides or the top and bottom). */
function drawPhoto(doc: Pdf, image: Buffer | null, x: number, y: number, w: number, h: number) {
  if (!image) return false;
  doc.save();
  doc.rect(x, y, w, h).clip();
  try {
    doc.image(image, x, y, { cover: [w, h], align: 'center', valign: 'center' });
    return true;
  } catch {
    return false;
  } finally {
    doc.restore();
  }
}

function label(doc: Pdf, text: string, value: string, x: number, y: number, width: number) {
  doc.font(FONT.regular).fontSize(5.5).fillColor(COLORS.muted).text(text.toUpperCase(), x, y, {
    width,
    lineBreak: false,
  });
  doc
    .font(FONT.bold)
    .fontSize(8)
    .fillColor(COLORS.text)
    .text(printable(value) || '—', x, y + 7, { width, lineBreak: false, ellipsis: true });
}

function drawFront(
  doc: Pdf,
  church: Church,
  logo: Buffer | null,
  card: CardData,
  photo: string | null,
  x: number,
  y: number,
) {
  doc.save();
  doc.roundedRect(x, y, W, H, 6).clip();
  doc.rect(x, y, W, BAND).fill(COLORS.primary);
  const hasLogo = drawImage(doc, logo, x + 7, y + 4, { fit: [22, 22] });
  const nameLeft = x + (hasLogo ? 34 : 9);
  doc
    .font(FONT.bold)
    .fontSize(8)
    .fillColor('#ffffff')
    .text(printable(church.name), nameLeft, y + 6, {
      width: x + W - 8 - nameLeft,
      height: 11,
      ellipsis: true,
      lineBreak: false,
    });
  doc
    .font(FONT.regular)
    .fontSize(6)
    .text('CREDENCIAL DE MEMBRO', nameLeft, y + 17, { width: W - 40, lineBreak: false });

  const photoX = x + 9;
  const photoY = y + BAND + 8;
  const photoW = 58;
  const photoH = H - BAND - 22;
  doc.rect(photoX, photoY, photoW, photoH).fill('#e8edf2');
  if (!drawPhoto(doc, imageOf(photo), photoX, photoY, photoW, photoH)) {
    doc
      .font(FONT.bold)
      .fontSize(20)
      .fillColor(COLORS.primary)
      .text(initials(printable(card.name)), photoX, photoY + photoH / 2 - 10, {
        width: photoW,
        align: 'center',
        lineBreak: false,
      });
  }

  const textX = photoX + photoW + 9;
  const textW = x + W - 9 - textX;
  doc.font(FONT.regular).fontSize(5.5).fillColor(COLORS.muted).text('NOME', textX, photoY, {
    width: textW,
    lineBreak: false,
  });
  doc
    .font(FONT.bold)
    .fontSize(9)
    .fillColor(COLORS.text)
    .text(printable(card.name), textX, photoY + 7, { width: textW, height: 22, ellipsis: true });
  label(doc, 'Cargo', card.position ?? 'Membro', textX, photoY + 33, textW);
  const half = textW / 2;
  label(doc, 'Nº', formatCredentialNumber(card.number), textX, photoY + 54, half - 4);
  label(doc, 'Validade', formatDate(card.expires_on), textX + half, photoY + 54, half);
  label(doc, 'Congregação', card.congregation_name, textX, photoY + 75, textW);
  doc.rect(x, y + H - 6, W, 6).fill(COLORS.primary);
  doc.restore();
  doc.roundedRect(x, y, W, H, 6).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
}

function drawBack(doc: Pdf, church: Church, card: CardData, qr: Buffer, x: number, y: number) {
  const qrSize = 86;
  const qrX = x + W - qrSize - 9;
  const qrY = y + 9;
  doc.image(qr, qrX, qrY, { width: qrSize, height: qrSize });
  const textX = x + 10;
  const textW = qrX - textX - 8;
  doc
    .font(FONT.bold)
    .fontSize(7)
    .fillColor(COLORS.primary)
    .text('Confira esta credencial', textX, y + 11, { width: textW });
  doc
    .font(FONT.regular)
    .fontSize(6)
    .fillColor(COLORS.text)
    .text('Aponte a câmera do celular para o código ao lado.', textX, doc.y + 2, {
      width: textW,
    });
  doc.moveDown(0.4);
  const details = [
    `Emitida em ${formatDate(card.issued_on)}`,
    card.admission_date ? `Membro desde ${formatDate(card.admission_date)}` : '',
  ].filter(Boolean);
  for (const line of details) doc.text(line, textX, doc.y + 1, { width: textW });
  doc
    .fontSize(5.5)
    .fillColor(COLORS.muted)
    .text(printable(churchAddress(church)), textX, doc.y + 4, {
      width: textW,
      height: 26,
      ellipsis: true,
    });

  const lineY = y + H - 26;
  doc
    .moveTo(x + 12, lineY)
    .lineTo(x + W - 12, lineY)
    .lineWidth(0.5)
    .strokeColor(COLORS.text)
    .stroke();
  doc
    .font(FONT.regular)
    .fontSize(6)
    .fillColor(COLORS.text)
    .text(
      printable(
        church.pastor_name ? `Pr. ${church.pastor_name} – Pastor presidente` : 'Pastor presidente',
      ),
      x + 12,
      lineY + 3,
      { width: W - 24, align: 'center', lineBreak: false },
    );
  doc.roundedRect(x, y, W, H, 6).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
}

/**
 * One PDF with every card: front on the left, back on the right, folding on the dashed line.
 * Sent a page at a time: `photos` reads the photos (data URLs, up to 300 KB each) of a page's
 * cards only, so a batch of 200 never holds 200 photos.
 */
export function credentialCardsPdf(
  church: Church,
  cards: CardData[],
  photos: (ids: number[]) => Promise<Map<number, string | null>>,
): Readable {
  const title =
    cards.length === 1
      ? `Credencial ${formatCredentialNumber(cards[0].number)} – ${cards[0].name}`
      : `Credenciais (${cards.length})`;
  return pdfStream({ title, author: church.name, margin: 0 }, async function* (doc) {
    const logo = openImage(doc, imageOf(church.logo));
    for (let first = 0; first < cards.length; first += PER_PAGE) {
      const page = cards.slice(first, first + PER_PAGE);
      const [photoOf, codes] = await Promise.all([
        photos(page.map((card) => card.id)),
        Promise.all(
          page.map((card) =>
            QRCode.toBuffer(card.check_url, {
              type: 'png',
              margin: 1,
              width: 360,
              errorCorrectionLevel: 'M',
            }),
          ),
        ),
      ]);
      if (first > 0) doc.addPage({ size: 'A4', margin: 0 });
      page.forEach((card, index) => {
        const y = TOP + index * (H + GAP);
        drawFront(doc, church, logo, card, photoOf.get(card.id) ?? null, LEFT, y);
        drawBack(doc, church, card, codes[index], LEFT + W, y);
        doc
          .moveTo(LEFT + W, y - 3)
          .lineTo(LEFT + W, y + H + 3)
          .dash(2, { space: 2 })
          .lineWidth(0.5)
          .strokeColor(COLORS.muted)
          .stroke()
          .undash();
      });
      yield;
    }
  });
}
