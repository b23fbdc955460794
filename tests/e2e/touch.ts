import { expect, type Page } from './fixtures';

// A finger on a phone (the `phone` project: hasTouch), for the journeys that slide or swipe.

/** Until the page has drawn its next frame: one touch event a frame, as a finger sends them. */
async function nextFrame(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

/**
 * Drags the slider's handle with one finger to just past the slider's drawn end: touch
 * events through the DevTools protocol (Chromium turns them into pointer events), one per
 * frame, in uneven steps.
 */
export async function dragSliderByTouch(page: Page, slider = page.getByTestId('slider-verify')) {
  const handle = slider.getByRole('slider', { name: '滑块验证' });
  await expect(handle).toHaveAttribute('aria-valuenow', '0');
  const handleBox = (await handle.boundingBox())!;
  const sliderBox = (await slider.boundingBox())!;
  const y = handleBox.y + handleBox.height / 2;
  const start = handleBox.x + handleBox.width / 2;
  const end = sliderBox.x + sliderBox.width - handleBox.width / 2 + 4;
  const touch = await page.context().newCDPSession(page);
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: start, y }] });
  const shares = [1, 2, 3, 5, 7, 9, 11, 12, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
  const total = shares.reduce((sum, share) => sum + share, 0);
  let x = start;
  for (const share of shares) {
    x += ((end - start) * share) / total;
    await nextFrame(page);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await touch.detach();
  await expect(slider.getByTestId('slider-verify-label')).toHaveText('验证通过');
}
