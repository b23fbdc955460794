import { expect, test, type Page } from './fixtures';
import { BUSINESS_CODE } from './staff';

// The slider on a phone (the `phone` project: touch), dragged with a finger at the narrowest
// widths: at 320 px the login's 340 px slider is drawn 210 px wide (max-width: 100 %), so the
// end a finger can reach is the drawn one, and the server's track rules (docs/auth.md "Login
// calls") must pass what the widget records there.

/**
 * Drags the slider's handle with one finger to just past the slider's drawn end: touch
 * events through the DevTools protocol (Chromium turns them into pointer events), one per
 * frame, in uneven steps.
 */
async function dragSliderByTouch(page: Page, slider = page.getByTestId('slider-verify')) {
  const handle = slider.getByRole('slider', { name: '滑块验证' });
  await expect(handle).toHaveAttribute('aria-valuenow', '0');
  const handleBox = (await handle.boundingBox())!;
  const sliderBox = (await slider.boundingBox())!;
  const y = handleBox.y + handleBox.height / 2;
  const start = handleBox.x + handleBox.width / 2;
  const end = sliderBox.x + sliderBox.width - handleBox.width / 2 + 4;
  const touch = await page.context().newCDPSession(page);
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: start, y }] });
  const shares = [2, 5, 9, 13, 15, 14, 12, 10, 8, 6, 4, 2];
  const total = shares.reduce((sum, share) => sum + share, 0);
  let x = start;
  for (const share of shares) {
    x += ((end - start) * share) / total;
    await page.waitForTimeout(17);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await touch.detach();
  await expect(slider.getByTestId('slider-verify-label')).toHaveText('验证通过');
}

for (const width of [320, 390]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 720 } });

    test('logs in with the slider dragged by a finger', async ({ page }) => {
      await page.goto('/login');
      await page.getByPlaceholder('请输入业务代码').fill(BUSINESS_CODE);
      await page.getByPlaceholder('请输入用户名').fill('editor');
      await page.getByPlaceholder('请输入密码').fill('Editor@2026');
      await dragSliderByTouch(page);
      const agreement = page.getByTestId('login-agreement').getByRole('checkbox');
      if ((await agreement.count()) > 0 && !(await agreement.isChecked())) await agreement.check();
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await expect(page).toHaveURL(/\/project\/display/);
    });

    test('passes the registration status query’s slider with a finger', async ({ page }) => {
      await page.goto('/register/status');
      await dragSliderByTouch(page);
    });
  });
}
