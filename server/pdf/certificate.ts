// Certificates of the member's milestones (issue 28): batismo, apresentação de criança,
// casamento religioso and membresia. One landscape page each, in the church's design: a
// decorative border, the logo and name centred, the title and number, the member's name, the
// text with date, place and officiant, the place and date of issue and two signature lines.
import { longDate } from '../../domain/calendar.js';
import { formatLetterNumber } from '../../domain/letters.js';
import type { certificateText } from '../../domain/milestones.js';
import type { Church } from '../db/schema.js';
import {
  COLORS,
  FONT,
  type Pdf,
  drawImage,
  imageOf,
  openImage,
  printable,
  renderPdf,
} from './document.js';
import { churchAddress, drawSignatureLine } from './letterhead.js';

const GOLD = '#b08d3c';

export interface CertificatePage {
  number: number;
  year: number;
  issued_on: string;
  text: ReturnType<typeof certificateText>;
  /** The second signature: the officiant (by name when known), or the secretary. */
  second_signer: { name: string; role: string };
}

/** A double frame in the church's colour with a gold line inside and ornaments at the corners. */
function drawBorder(doc: Pdf) {
  const { width, height } = doc.page;
  doc.save();
  doc
    .lineWidth(6)
    .strokeColor(COLORS.primary)
    .rect(18, 18, width - 36, height - 36)
    .stroke();
  doc
    .lineWidth(1.5)
    .strokeColor(GOLD)
    .rect(30, 30, width - 60, height - 60)
    .stroke();
  doc
    .lineWidth(0.5)
    .strokeColor(COLORS.primary)
    .rect(35, 35, width - 70, height - 70)
    .stroke();
  for (const [x, y] of [
    [30, 30],
    [width - 30, 30],
    [30, height - 30],
    [width - 30, height - 30],
  ]) {
    doc.fillColor(GOLD).circle(x, y, 7).fill();
    doc.fillColor('#ffffff').circle(x, y, 3).fill();
  }
  doc.restore();
}

function flourish(doc: Pdf, y: number) {
  const centre = doc.page.width / 2;
  doc.save();
  doc.lineWidth(1).strokeColor(GOLD);
  doc
    .moveTo(centre - 140, y)
    .lineTo(centre - 12, y)
    .stroke();
  doc
    .moveTo(centre + 12, y)
    .lineTo(centre + 140, y)
    .stroke();
  doc
    .fillColor(GOLD)
    .polygon([centre, y - 5], [centre + 6, y], [centre, y + 5], [centre - 6, y])
    .fill();
  doc.restore();
}

function drawPage(doc: Pdf, church: Church, logo: Buffer | null, page: CertificatePage) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  drawBorder(doc);
  let y = doc.page.margins.top - 6;
  const logoSize = 58;
  if (drawImage(doc, logo, (doc.page.width - logoSize) / 2, y, { fit: [logoSize, logoSize] })) {
    y += logoSize + 6;
  }
  doc
    .font(FONT.bold)
    .fontSize(15)
    .fillColor(COLORS.primary)
    .text(printable(church.name), left, y, { width, align: 'center' });
  const address = churchAddress(church);
  if (address) {
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(COLORS.muted)
      .text(printable(address), left, doc.y + 2, { width, align: 'center' });
  }
  doc
    .font(FONT.bold)
    .fontSize(26)
    .fillColor(COLORS.primary)
    .text(printable(page.text.title), left, doc.y + 16, {
      width,
      align: 'center',
      characterSpacing: 2,
    });
  flourish(doc, doc.y + 8);
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(COLORS.muted)
    .text(`Nº ${formatLetterNumber(page.number, page.year)}`, left, doc.y + 16, {
      width,
      align: 'center',
    });
  doc
    .font(FONT.regular)
    .fontSize(13)
    .fillColor(COLORS.text)
    .text(printable(page.text.lead), left, doc.y + 34, { width, align: 'center' });
  doc
    .font(FONT.bold)
    .fontSize(24)
    .fillColor(COLORS.text)
    .text(printable(page.text.name), left, doc.y + 12, { width, align: 'center' });
  doc
    .font(FONT.regular)
    .fontSize(13)
    .text(printable(page.text.body), left + 50, doc.y + 20, {
      width: width - 100,
      align: 'center',
      lineGap: 4,
    });
  const city = church.city ? `${church.city}${church.state ? `/${church.state}` : ''}, ` : '';
  doc.fontSize(11).text(printable(`${city}${longDate(page.issued_on)}.`), left, doc.y + 18, {
    width,
    align: 'center',
  });
  const lineY = doc.page.height - doc.page.margins.bottom - 34;
  const lineWidth = 230;
  drawSignatureLine(
    doc,
    left + 40,
    lineY,
    lineWidth,
    church.pastor_name ?? '',
    'Pastor(a) presidente',
  );
  drawSignatureLine(
    doc,
    left + width - 40 - lineWidth,
    lineY,
    lineWidth,
    page.second_signer.name,
    page.second_signer.role,
  );
}

/** One page per certificate (a batch of a baptism service: many), in the given order. */
export function certificatesPdf(church: Church, pages: CertificatePage[], title: string) {
  return renderPdf({ title, author: church.name, margin: 56, layout: 'landscape' }, (doc) => {
    const logo = openImage(doc, imageOf(church.logo));
    pages.forEach((page, index) => {
      if (index > 0) doc.addPage({ size: 'A4', layout: 'landscape', margins: doc.page.margins });
      drawPage(doc, church, logo, page);
    });
  });
}
