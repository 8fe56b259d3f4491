// Global setup of the browser tests (vitest.config.ts): the app is built once (vite build, when
// dist/ was not built from its sources as they are: server/build.ts), before any file starts its
// server. Each file still starts its own server on a fresh data folder (its own database and its
// own sign-in budget) and its own Chromium: a browser shared through playwright's launchServer is
// "connected remotely", and a download's path() (the PDFs and CSVs the tests read) is not
// available there.
import { join, resolve } from 'node:path';
import { buildApp, buildIsStale } from '../../server/build.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

export default function setup() {
  if (buildIsStale(ROOT, join(ROOT, 'dist'))) buildApp(ROOT);
}
