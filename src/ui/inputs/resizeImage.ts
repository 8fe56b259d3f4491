// Images are stored in the database as data URLs, so the browser shrinks them first: a JPEG
// that fits `maxSide` pixels and `maxBytes` characters of data URL.

export interface ResizeOptions {
  /** Longest side, in pixels. */
  maxSide: number;
  /** Longest data URL, in characters (the server's limit). */
  maxBytes: number;
  /** Crop to a centred square (thumbnails). */
  square?: boolean;
}

const QUALITIES = [0.85, 0.75, 0.65, 0.55, 0.45, 0.35];

export function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('Não foi possível ler a imagem.'));
    };
    image.src = url;
  });
}

/** The image drawn at most `maxSide` wide and high, as a JPEG data URL under `maxBytes`. */
export function resizeImage(image: HTMLImageElement, options: ResizeOptions): string {
  const { maxSide, maxBytes, square = false } = options;
  const width = image.naturalWidth;
  const height = image.naturalHeight;
  const side = Math.min(width, height);
  const source = square
    ? { x: (width - side) / 2, y: (height - side) / 2, w: side, h: side }
    : { x: 0, y: 0, w: width, h: height };
  let scale = Math.min(1, maxSide / Math.max(source.w, source.h));
  for (;;) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(source.w * scale));
    canvas.height = Math.max(1, Math.round(source.h * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Este navegador não consegue redimensionar imagens.');
    // JPEG has no transparency: a white background instead of black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(
      image,
      source.x,
      source.y,
      source.w,
      source.h,
      0,
      0,
      canvas.width,
      canvas.height,
    );
    for (const quality of QUALITIES) {
      const url = canvas.toDataURL('image/jpeg', quality);
      if (url.length <= maxBytes) return url;
    }
    if (canvas.width <= 16) throw new Error('A imagem não pôde ser reduzida o suficiente.');
    scale *= 0.75;
  }
}
