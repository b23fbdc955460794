import { test as base, expect, type Browser, type BrowserContext, type ConsoleMessage } from '@playwright/test';

// The one place end-to-end specs import `test` and `expect` from. Every journey runs under
// the portal's Content-Security-Policy and fails when the browser reports a violation: a
// page that only works with the policy switched off is a broken page.
//
// Every journey also fails on a console error or warning, or an uncaught page error, it did
// not expect: a React or router warning, a failed chunk, a refused request the page did not
// mean to make are defects a user never reports but the next change trips over. A spec that
// provokes one on purpose names it in `test.use({ allowedConsole: { patterns: [...] } })`, each pattern with
// a comment saying why.

const VIOLATION = 'CSP violation:';

export interface ConsoleOptions {
  /**
   * Console errors/warnings and page errors this spec provokes on purpose (a refused request
   * the browser logs, a plugin made to fail…): `patterns` matched against `<type>: <text>`,
   * where type is `error`, `warning` or `pageerror`. Anything else fails the test. (An object,
   * not a bare array: `test.use` reads an array as `[value, options]`.)
   */
  allowedConsole: { patterns: RegExp[] };
}

/** `<type>: <text>`, the form the allow-lists match, for a console message or a page error. */
function describeMessage(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  const where = url ? ` (${url}:${lineNumber})` : '';
  return `${message.type()}: ${message.text()}${where}`;
}

export const test = base.extend<
  { contentSecurityPolicy: void; consoleProblems: void; dataSaver: boolean } & ConsoleOptions
>({
  allowedConsole: [{ patterns: [] }, { option: true }],
  // The visitor has the browser's data saver on (`navigator.connection.saveData`), so the shell
  // does not prefetch the plugins a page links to while the page is idle
  // (shell/src/plugin-loader/prefetch.ts). A prefetch from the home page downloads and runs
  // some 90 files, ~40 % of the renderer's CPU for that page: across the suite's few hundred
  // page loads it was minutes of CI on a two-core machine, and no journey depends on it
  // (prefetch.test.ts tests it; bench:page-speed and bench:bundle-size measure it). A spec
  // that walks the site as shipped sets `test.use({ dataSaver: false })`.
  dataSaver: [true, { option: true }],

  contentSecurityPolicy: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        if (text.startsWith(VIOLATION) || /Content Security Policy/i.test(text)) violations.push(text);
      });
      await page.addInitScript((prefix) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `${prefix} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      }, VIOLATION);
      await use();
      expect(violations, 'the page broke the Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, dataSaver }, use) => {
    if (dataSaver) {
      await context.addInitScript(() => {
        const connection = (navigator as Navigator & { connection?: object }).connection;
        if (connection) Object.defineProperty(connection, 'saveData', { value: true, configurable: true });
        else Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
      });
    }
    await use(context);
  },

  consoleProblems: [
    async ({ context, browser, allowedConsole }, use) => {
      const problems: string[] = [];
      const watch = (watched: BrowserContext) => {
        watched.on('console', (message) => {
          if (message.type() !== 'error' && message.type() !== 'warning') return;
          const text = describeMessage(message);
          // CSP violations have their own fixture and message.
          if (text.includes(VIOLATION) || /Content Security Policy/i.test(text)) return;
          if (!allowedConsole.patterns.some((pattern) => pattern.test(text))) problems.push(text);
        });
        watched.on('weberror', (webError) => {
          const error = webError.error();
          const text = `pageerror: ${error.message}`;
          if (!allowedConsole.patterns.some((pattern) => pattern.test(text)))
            problems.push(`${text}\n${error.stack ?? ''}`);
        });
      };
      watch(context);
      // Contexts a test opens itself (a second user, another time zone) are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const opened = await newContext(...args);
        watch(opened);
        return opened;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(problems, 'console errors/warnings or page errors the test did not expect').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Locator, Page } from '@playwright/test';
