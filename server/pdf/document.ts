// The printable documents' common ground: an A4 pdfkit document rendered to a Buffer or sent as a
// stream, the standard Helvetica (its WinAnsi encoding has every Portuguese letter), colours and
// images.
import { once } from 'node:events';
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

export const A4 = { width: 595.28, height: 841.89 };
export const COLORS = {
  primary: '#1f4e79',
  text: '#1a1a1a',
  muted: '#5f6368',
  rule: '#c8ccd0',
  zebra: '#f3f6f9',
};
export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };

// Windows-1252 beyond Latin-1: what the standard fonts can print besides U+0000-U+00FF.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can print: other letters lose their accents, the rest becomes '?'. */
export function printable(value: string | null | undefined): string {
  if (!value) return '';
  let text = '';
  for (const char of value.normalize('NFC')) {
    if (char.charCodeAt(0) < 0x100 || WIN_ANSI_EXTRA.has(char)) {
      text += char;
      continue;
    }
    const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    text += base.length === 1 && base.charCodeAt(0) < 0x100 ? base : '?';
  }
  return text;
}

/** The image of a stored data URL, when pdfkit can draw it (JPEG or PNG); null otherwise. */
export function imageOf(dataUrl: string | null | undefined): Buffer | null {
  const match = /^data:image\/(jpeg|png);base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl ?? '');
  return match ? Buffer.from(match[2], 'base64') : null;
}

/** Draws an image fitted in a box, or nothing when it cannot be read. */
export function drawImage(
  doc: Pdf,
  image: Buffer | null,
  x: number,
  y: number,
  options: { fit: [number, number]; align?: 'center' | 'right'; valign?: 'center' | 'bottom' },
): boolean {
  if (!image) return false;
  try {
    doc.image(image, x, y, { align: 'center', valign: 'center', ...options });
    return true;
  } catch {
    return false;
  }
}

interface DocumentInfo {
  title: string;
  author: string;
  layout?: 'portrait' | 'landscape';
  margin?: number;
}

function newDocument(info: DocumentInfo, bufferPages: boolean): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    layout: info.layout ?? 'portrait',
    margin: info.margin ?? 50,
    bufferPages,
    lang: 'pt-BR',
    info: { Title: printable(info.title), Author: printable(info.author), Creator: 'Adam' },
  });
  doc.font(FONT.regular).fillColor(COLORS.text);
  return doc;
}

/** A new page like the current one: its size, layout and margins (a landscape table goes on). */
export function nextPage(doc: Pdf) {
  const layout = doc.page.width > doc.page.height ? 'landscape' : 'portrait';
  doc.addPage({ size: 'A4', layout, margins: doc.page.margins });
}

/** A document drawn at once, kept whole (its pages stay open for "Página X de Y" footers). */
export async function renderPdf(
  info: DocumentInfo,
  draw: (doc: Pdf) => void | Promise<void>,
): Promise<Buffer> {
  const doc = newDocument(info, true);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  await draw(doc);
  doc.end();
  return done;
}

/**
 * A long document (a batch of cards with photos) sent as it is drawn: `pages` draws a page per
 * step and may read what the next one needs in between; the next page is drawn only when the
 * client has taken the previous ones, so memory holds about one page, whatever the batch.
 */
export function pdfStream(info: DocumentInfo, pages: (doc: Pdf) => AsyncIterable<void>): Readable {
  const doc = newDocument(info, false);
  const written: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => written.push(chunk));
  async function* output() {
    for await (const _page of pages(doc)) yield Buffer.concat(written.splice(0));
    const ended = once(doc, 'end');
    doc.end();
    await ended;
    yield Buffer.concat(written.splice(0));
  }
  return Readable.from(output(), { objectMode: false });
}

/** An image opened once to be drawn many times (pdfkit then embeds it once); null if unreadable. */
export function openImage(doc: Pdf, image: Buffer | null): Buffer | null {
  if (!image) return null;
  try {
    // pdfkit draws what openImage returns like the image itself; its types only know the bytes.
    return (doc as unknown as { openImage(src: Buffer): Buffer }).openImage(image);
  } catch {
    return null;
  }
}

/** The answer of a PDF route: shown inline by the browser, saved under `filename`. */
export function pdfHeaders(filename: string): Record<string, string> {
  return {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${filename}"`,
    'Cache-Control': 'no-store',
  };
}
