import { test as base, expect } from '@playwright/test';

// The one place end-to-end specs import `test` and `expect` from. Every journey runs under
// the portal's Content-Security-Policy and fails when the browser reports a violation: a
// page that only works with the policy switched off is a broken page.

const VIOLATION = 'CSP violation:';

export const test = base.extend<{ contentSecurityPolicy: void }>({
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
});

export { expect };
export type { Locator, Page } from '@playwright/test';
