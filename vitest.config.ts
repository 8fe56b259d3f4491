import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files side by side: one per processor, at least 2 and at most 4 (each holds a database). */
const WORKERS = Math.min(4, Math.max(2, availableParallelism()));

/**
 * Server test files that start processes of their own (the real server under `npm start`, nginx,
 * kill -9) or hold the server to a time budget (the fuzz run's 10,000 requests, the CEP
 * services' 300 ms timeout): they run one at a time, apart from the rest, so that no other file
 * competes with them for the processor.
 * A file that starts the real server through tests/support/serverProcess.ts is one of them
 * without being listed.
 */
const APART = [
  'tests/server/cep.test.ts',
  'tests/server/fuzz.test.ts',
  'tests/server/scale-out.test.ts',
  'tests/server/startup.test.ts',
];
export const APART_FILES = [
  ...new Set([
    ...APART,
    ...readdirSync(join(import.meta.dirname, 'tests/server'))
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => `tests/server/${file}`)
      .filter((path) =>
        readFileSync(join(import.meta.dirname, path), 'utf8').includes('support/serverProcess'),
      ),
  ]),
].sort();

/** Unit files without a screen that still need the browser's storage (the session's providers). */
const UNIT_WITH_STORAGE = [
  'tests/unit/can-access.test.ts',
  'tests/unit/members-provider.test.ts',
  'tests/unit/provider-calls.test.ts',
  'tests/unit/providers.test.ts',
];

/** Tests whose fixtures or answers follow "today": `npm test` reruns them with pinned clocks. */
const DATES_TAG = {
  name: 'dates',
  description: 'depends on the date: rerun with the clock pinned to a month’s and a year’s end',
};

/**
 * Browser files known to run longest (the axe sweep opens every screen at two widths) start first
 * among the browser files, so that the other worker runs the rest beside them instead of them
 * running alone at the end (with no timings cached, as on a clean clone, vitest starts larger
 * files first).
 */
const LONGEST_FIRST = ['tests/e2e/a11y-desktop.test.ts', 'tests/e2e/a11y-phone.test.ts'];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const isLongest = (spec: TestSpecification) =>
      LONGEST_FIRST.some((path) => spec.moduleId.endsWith(path));
    const firstBrowser = sorted.findIndex((spec) => spec.project.name === 'e2e');
    if (firstBrowser < 0) return sorted;
    const longest = sorted.filter(isLongest);
    const rest = sorted.filter((spec) => !isLongest(spec));
    return [...rest.slice(0, firstBrowser), ...longest, ...rest.slice(firstBrowser)];
  }
}

export default defineConfig({
  test: {
    tags: [DATES_TAG],
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        // Logic without a screen (domain rules, formats, providers): plain Node, no document to
        // build for each file (building jsdom and the screens' catalogue was most of their time).
        test: {
          name: 'unit-node',
          include: ['tests/unit/**/*.test.ts'],
          exclude: UNIT_WITH_STORAGE,
          environment: 'node',
          tags: [DATES_TAG],
          maxWorkers: WORKERS,
          // A worker keeps the modules loaded from one file to the next (they hold no state).
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.tsx', ...UNIT_WITH_STORAGE],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          tags: [DATES_TAG],
          maxWorkers: WORKERS,
          // react-admin, MUI and the catalogue imported once per worker, not once per file (each
          // test renders into a document of its own and Testing Library unmounts it after).
          isolate: false,
          // A screen rendered in jsdom takes about a second; beside the server files and the
          // type checks on a busy 2-processor machine, several (5 s, the default, was missed).
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: APART_FILES,
          environment: 'node',
          // Migrated once per run; each test app starts from a copy.
          globalSetup: ['tests/support/databaseTemplate.ts'],
          setupFiles: ['tests/support/clock.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          tags: [DATES_TAG],
          // Each file has its own database (a SQLite folder or a PostgreSQL database of its own,
          // tests/support/testApp.ts) and its own app: files run side by side, and a worker keeps
          // the server's modules loaded from one file to the next instead of importing them anew.
          fileParallelism: true,
          maxWorkers: WORKERS,
          isolate: false,
        },
      },
      {
        test: {
          name: 'server-apart',
          include: APART_FILES,
          environment: 'node',
          globalSetup: ['tests/support/databaseTemplate.ts'],
          setupFiles: ['tests/support/clock.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          tags: [DATES_TAG],
          fileParallelism: false,
          // After the files above, never beside them.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/clock.ts'],
          // The app built once for every file (tests/support/e2eSetup.ts); each file its own
          // server, database and Chromium; four files side by side (a file waits on its browser
          // and server more than it computes: alone, one used half of one processor; five side
          // by side on a machine loaded twentyfold still passed every test).
          globalSetup: ['tests/support/e2eSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A screen waits for the server and renders: on a loaded machine that takes seconds.
          // expect.poll waits as long as a locator does (15 s, tests/support/e2e.ts) before it
          // fails, instead of vitest's 1 s; what it asserts is unchanged.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          tags: [DATES_TAG],
          fileParallelism: true,
          maxWorkers: 4,
          // playwright-core and the support modules imported once per worker, not per file.
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
