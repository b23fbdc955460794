import { test as base, expect } from '@playwright/test';

// The one place end-to-end specs import `test` and `expect` from. Every journey runs under
// the portal's Content-Security-Policy and fails when the browser reports a violation: a
// page that only works with the policy switched off is a broken page.

const VIOLATION = 'CSP violation:';

export const test = base.extend<{ contentSecurityPolicy: void; dataSaver: boolean }>({
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
});

export { expect };
export type { Locator, Page } from '@playwright/test';
