// The church's letterhead: logo, name and the contact lines, as on the church's own paper.
import { formatCnpj, formatPhone, formatZipCode } from '../../domain/formats.js';
import type { Church } from '../db/schema.js';
import { COLORS, FONT, type Pdf, drawImage, imageOf, printable } from './document.js';

/** "Rua das Flores, 100 – Sala 2 – Centro – Campinas/SP – CEP 13.010-000". */
export function churchAddress(church: Church): string {
  const street = [church.street, church.number].filter(Boolean).join(', ');
  const city = [church.city, church.state].filter(Boolean).join('/');
  return [
    street,
    church.complement,
    church.district,
    city,
    church.zip_code ? `CEP ${formatZipCode(church.zip_code)}` : '',
  ]
    .filter(Boolean)
    .join(' – ');
}

/** "CNPJ 11.222.333/0001-81 – (19) 3232-1000 – secretaria@igreja.org". */
export function churchContacts(church: Church): string {
  return [
    church.cnpj ? `CNPJ ${formatCnpj(church.cnpj)}` : '',
    formatPhone(church.phone),
    church.email ?? '',
  ]
    .filter(Boolean)
    .join(' – ');
}

/**
 * Draws the letterhead at the top margin and a rule under it; returns the y below the rule.
 * `compact` is the smaller head of reports.
 */
export function drawLetterhead(doc: Pdf, church: Church, compact = false): number {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const top = doc.page.margins.top;
  const logoSize = compact ? 40 : 64;
  const hasLogo = drawImage(doc, imageOf(church.logo), left, top, { fit: [logoSize, logoSize] });
  const textLeft = hasLogo ? left + logoSize + 14 : left;
  const textWidth = width - (textLeft - left);

  doc
    .font(FONT.bold)
    .fontSize(compact ? 13 : 17)
    .fillColor(COLORS.primary)
    .text(printable(church.name), textLeft, top + (compact ? 2 : 6), { width: textWidth });
  doc
    .font(FONT.regular)
    .fontSize(compact ? 8 : 9)
    .fillColor(COLORS.muted);
  for (const line of [churchAddress(church), churchContacts(church)]) {
    if (line) doc.text(printable(line), textLeft, doc.y + 2, { width: textWidth });
  }
  const bottom = Math.max(doc.y, hasLogo ? top + logoSize : doc.y) + (compact ? 8 : 12);
  doc
    .moveTo(left, bottom)
    .lineTo(left + width, bottom)
    .lineWidth(compact ? 0.75 : 1.25)
    .strokeColor(COLORS.primary)
    .stroke();
  doc.fillColor(COLORS.text);
  return bottom + (compact ? 12 : 24);
}

/**
 * A signature line centred `gap` below the text, with the signer's name (bold, when known) and
 * role under it; returns the y below them. Letters, receipts and statements sign this way.
 */
export function drawSignature(
  doc: Pdf,
  signer: { name?: string | null; role: string },
  gap = 60,
): number {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const lineY = doc.y + gap;
  const lineX = left + (width - 240) / 2;
  doc
    .moveTo(lineX, lineY)
    .lineTo(lineX + 240, lineY)
    .lineWidth(0.75)
    .strokeColor(COLORS.text)
    .stroke();
  doc.fillColor(COLORS.text);
  if (signer.name) {
    doc
      .font(FONT.bold)
      .fontSize(11)
      .text(printable(signer.name), left, lineY + 6, { width, align: 'center' });
  }
  doc
    .font(FONT.regular)
    .fontSize(10)
    .text(printable(signer.role), left, signer.name ? doc.y + 1 : lineY + 6, {
      width,
      align: 'center',
    });
  return doc.y;
}

/** A signature line of `width` at (x, y), the signer's name (bold, when known) and role under it. */
export function drawSignatureLine(
  doc: Pdf,
  x: number,
  y: number,
  width: number,
  name: string,
  role: string,
) {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.75)
    .strokeColor(COLORS.text)
    .stroke();
  doc.fillColor(COLORS.text).font(FONT.bold).fontSize(10);
  if (name) doc.text(printable(name), x, y + 5, { width, align: 'center' });
  doc
    .font(FONT.regular)
    .fontSize(9)
    .text(printable(role), x, name ? doc.y + 1 : y + 5, { width, align: 'center' });
}
