// Writes public/qr-official-account.svg: a real QR code of the portal's public address.
// PORTAL_SITE_URL=https://… node shell/scripts/generate-qr.mjs
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';

const url = process.env.PORTAL_SITE_URL ?? 'https://www.example-cotton-portal.cn/';
const target = fileURLToPath(new URL('../public/qr-official-account.svg', import.meta.url));
const svg = await QRCode.toString(url, {
  type: 'svg',
  errorCorrectionLevel: 'M',
  margin: 2,
  color: { dark: '#0f1f3dff', light: '#ffffffff' },
});
await writeFile(target, svg);
console.log(`${target}: QR code of ${url}`);
