import { expect, test } from './fixtures';

// The portal's pages carry the security headers, and the browser suite really watches the
// policy: a page that breaks it fails its test.

test('pages and calls carry the security headers', async ({ page }) => {
  const response = await page.goto('/home');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toContain('unsafe-eval');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['permissions-policy']).toContain('camera=()');
  await expect(page.getByTestId('site-header')).toBeVisible();
});

test.fail('an inline script breaks the policy, and the test that ran it fails', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByTestId('site-header')).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inline = 1';
    document.body.append(script);
  });
  await expect.poll(() => page.evaluate(() => (window as { __inline?: number }).__inline ?? 'blocked')).toBe('blocked');
});
