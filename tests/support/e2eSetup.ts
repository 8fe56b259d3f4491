// Global setup of the browser tests (vitest.config.ts): what every file would otherwise do again.
// The app is built once (vite build, when dist/ is older than its sources), before any server
// starts; one headless Chromium runs for the whole run, and each file connects to it
// (launchBrowser in e2e.ts) with fresh contexts of its own. Each file still starts its own server
// on a fresh data folder (its own database and its own sign-in budget).
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildApp, buildIsStale } from '../../server/build.js';
import { CHROMIUM } from './serverProcess.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's WebSocket endpoint (playwright's launchServer). */
    chromiumEndpoint: string;
  }
}

const ROOT = resolve(import.meta.dirname, '..', '..');

export default async function setup(project: TestProject) {
  if (buildIsStale(ROOT, join(ROOT, 'dist'))) buildApp(ROOT);
  const browserServer = await chromium.launchServer(CHROMIUM);
  project.provide('chromiumEndpoint', browserServer.wsEndpoint());
  return async () => {
    await browserServer.close();
  };
}
