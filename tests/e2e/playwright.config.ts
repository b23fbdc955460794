import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, SERVER_MAIN, serverEnv } from './server.mjs';
import { SMS_GATEWAY_ORIGIN, SMS_GATEWAY_URL } from './sms-gateway';

const here = dirname(fileURLToPath(import.meta.url));

// The built portal (npm run build) on a throw-away embedded database (server.mjs). `npm test`
// hands it folders it prepared while the other steps ran (E2E_DATA_DIR, E2E_FILES_DIR: migrated
// and seeded by the same server, scripts/test.mjs); run alone, the server starts on new empty
// ones and migrates and seeds them itself.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(join(tmpdir(), 'cotton-e2e-'));
const filesDir = process.env.E2E_FILES_DIR || mkdtempSync(join(tmpdir(), 'cotton-e2e-files-'));

export default defineConfig({
  testDir: '.',
  globalSetup: './global-setup.ts',
  testMatch: '**/*.spec.ts',
  outputDir: resolve(here, '../../test-results/e2e'),
  // Generous waits: on a busy 2-core machine a page can take seconds to render. A passing
  // test never waits for them; they only bound how long a failing one hangs.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // Two files at a time against the one server (tests of a file run in order): a file never
  // relies on state another file changes — each changes only its own accounts, phones and
  // data, and wrong-password tries stay below the address lockout (docs/auth.md).
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 900 },
    // Recording a trace (a screenshot and DOM snapshot per action) took ~40 % of the suite's
    // CPU on the 2-core machine, for passing tests too. A failing test is run again with a
    // trace in CI (retries: 1); locally `--trace on` records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium headless shell (scripts/lib/ensure.mjs installs it): the same release
      // as /usr/bin/chromium without the full browser's window layer — ~40 % less CPU for the
      // same journeys (docs/performance-log.md). E2E_CHROMIUM=/usr/bin/chromium runs the full one.
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  // The desktop journeys at 1366 × 900 (the `use` above); the phone spec at 390 × 844 with
  // touch, the same server. The workers take files in this order: the phone project first,
  // its tests side by side, so that no long file is left for one worker at the end while the
  // other waits.
  projects: [
    {
      name: 'phone',
      // accessibility.spec.ts runs in both projects (at 360 × 740 here).
      testMatch: /(phone|accessibility)\.spec\.ts$/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    { name: 'desktop', testIgnore: /phone\.spec\.ts$/ },
  ],
  webServer: {
    command: `node ${SERVER_MAIN}`,
    cwd: ROOT,
    url: `http://127.0.0.1:${port}/rest/anon/portalConfig`,
    env: {
      ...serverEnv({ port, dataDir, filesDir }),
      SMS_GATEWAY_URL,
      // The one origin an iframe menu may embed in these tests (menu-open-modes.spec.ts): the
      // stand-in SMS gateway, which answers a plain page.
      IFRAME_ALLOWED_ORIGINS: SMS_GATEWAY_ORIGIN,
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
