import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { type Plugin, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz next to each built script, style and SVG, once at build time: the
 * server sends them as they are (@fastify/static preCompressed), so no request compresses.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'adam-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const assets = join(outDir, 'assets');
      const files = (await readdir(assets)).filter((name) => /\.(js|css|svg)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(assets, name);
          const content = await readFile(path);
          if (content.length < 1024) return;
          await Promise.all([
            brotli(content, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
            }).then((data) => writeFile(`${path}.br`, data)),
            gzipAsync(content, { level: 9 }).then((data) => writeFile(`${path}.gz`, data)),
          ]);
        }),
      );
    },
  };
}

const { version } = JSON.parse(
  await readFile(new URL('package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

export default defineConfig({
  plugins: [react(), precompress()],
  // The version the app shows (package.json; CHANGELOG.md says what each one brought).
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: {
    // Old-browser polyfills pulled in by node-polyglot (react-admin's i18n): the built-in instead.
    alias: {
      'object.entries': fileURLToPath(new URL('src/shims/objectEntries.cjs', import.meta.url)),
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
