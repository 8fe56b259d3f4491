// A file's real type from its first bytes (magic numbers): what a client declares — a data URL's
// "image/png", an upload's Content-Type — is not trusted (issue 22). Pure, for the forms and the
// server alike.

export type SniffedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The type the bytes begin as, or null for anything else. */
export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  if (bytes.length >= 8 && PNG.every((byte, i) => bytes[i] === byte)) return 'image/png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

/** How many base64 characters hold the bytes sniffFileType looks at (12 bytes). */
const HEAD = 16;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The bytes of base64 text (its first characters: no padding or other character expected). */
function base64Bytes(text: string): Uint8Array {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) break;
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

/**
 * Whether a `data:image/<type>;base64,…` URL holds what it says: its first bytes are a JPEG, a
 * PNG or a WebP, the one it declares.
 */
export function isDataUrlImage(dataUrl: string): boolean {
  const match = /^data:(image\/[a-z]+);base64,/.exec(dataUrl);
  if (!match) return false;
  const start = match[0].length;
  const sniffed = sniffFileType(base64Bytes(dataUrl.slice(start, start + HEAD)));
  return sniffed !== null && sniffed.startsWith('image/') && sniffed === match[1];
}
