import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from './fixtures';
import { signIn } from './staff';

// Issue 31: 个人中心 sets one's avatar — chosen, cropped square in the browser, uploaded —
// and the back-office header shows it, after a reload too. Removing it returns to the default.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A landscape photo stand-in: 400 × 300, left half red, right half blue (RGB PNG). */
function photo(): Buffer {
  const width = 400;
  const height = 300;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      rows.set(x < width / 2 ? [220, 40, 40] : [40, 40, 220], y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The header's avatar once its image has loaded: its address and its pixel width. */
async function headerAvatar(page: Page) {
  const avatar = page.getByTestId('admin-avatar');
  await expect(avatar).toBeVisible();
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(256);
  return avatar.getAttribute('src');
}

test('a staff user sets an avatar in 个人中心 and sees it in the header after a reload', async ({ page }) => {
  await signIn(page, 'reviewer', 'Review@2026');
  await expect(page.getByTestId('admin-avatar')).toHaveCount(0);
  await page.goto('/account/center');
  await expect(page.getByTestId('account-profile')).toContainText('reviewer');

  await page
    .getByTestId('account-avatar-file')
    .setInputFiles({ name: '照片.png', mimeType: 'image/png', buffer: photo() });
  const box = page.getByTestId('account-avatar-crop');
  await expect(box.locator('img')).toBeVisible();
  // Moved with the keyboard (the cropper also drags and zooms).
  await box.focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await page.getByRole('button', { name: '保存头像' }).click();
  await expect(page.locator('.arco-message').filter({ hasText: '头像已更新' })).toBeVisible();
  await expect(box).toHaveCount(0);

  const shown = await headerAvatar(page);
  expect(shown).toMatch(/^\/file\/avatar\/[0-9a-f]{32}$/);
  await expect(page.getByTestId('account-avatar').locator('img')).toHaveAttribute('src', shown!);

  await page.reload();
  await expect(page.getByTestId('account-profile')).toContainText('reviewer');
  expect(await headerAvatar(page)).toBe(shown);

  // Back to the default: the header shows the name alone, and the old address is gone.
  await page.getByTestId('account-avatar-remove').click();
  await page.locator('.arco-popconfirm').getByRole('button', { name: '确定' }).click();
  await expect(page.locator('.arco-message').filter({ hasText: '已恢复默认头像' })).toBeVisible();
  await expect(page.getByTestId('admin-avatar')).toHaveCount(0);
  expect((await page.request.get(shown!)).status()).toBe(404);
});
