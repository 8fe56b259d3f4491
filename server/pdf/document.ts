// The printable documents' common ground: an A4 pdfkit document rendered to a Buffer, the
// standard Helvetica (its WinAnsi encoding has every Portuguese letter), colours and images.
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

export async function renderPdf(
  info: { title: string; author: string; layout?: 'portrait' | 'landscape'; margin?: number },
  draw: (doc: Pdf) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: info.layout ?? 'portrait',
    margin: info.margin ?? 50,
    bufferPages: true,
    lang: 'pt-BR',
    info: { Title: printable(info.title), Author: printable(info.author), Creator: 'Adam' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(FONT.regular).fillColor(COLORS.text);
  draw(doc);
  doc.end();
  return done;
}

/** The answer of a PDF route: shown inline by the browser, saved under `filename`. */
export function pdfHeaders(filename: string): Record<string, string> {
  return {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${filename}"`,
    'Cache-Control': 'no-store',
  };
}
