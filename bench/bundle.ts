// The app's initial JavaScript: the scripts and module preloads of the built index.html, gzip.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './config.js';

export function initialJsKb(): { kb: number; files: string[] } {
  const dist = join(ROOT, 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+)"[^>]*>/g)) files.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(match[0]);
    if (href) files.add(href[1]);
  }
  let bytes = 0;
  for (const file of files) {
    bytes += gzipSync(readFileSync(join(dist, file.replace(/^\//, '')))).length;
  }
  return { kb: bytes / 1024, files: [...files] };
}
