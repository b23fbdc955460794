import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { sessionOverHttp } from './login-api';
import { BUSINESS_CODE } from './staff';

// What an applicant's registration is made of in the end-to-end specs: valid identifiers
// (a new credit code each run) and files the server takes for what they say they are.

/** A real PNG (a red rectangle) of w × h pixels. */
export function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) raw.set([200, 40, 40], y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-pixel PNG. */
export const PNG = png(1, 1);

/** A minimal PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A credit code with its check character (GB 32100), different on every run. */
export function creditCode(): string {
  const charset = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const first17 = `9165${String(Math.floor(Math.random() * 1e13)).padStart(13, '0')}`;
  const sum = [...first17].reduce((total, char, index) => total + charset.indexOf(char) * weights[index], 0);
  return first17 + charset[(31 - (sum % 31)) % 31];
}

/** A resident ID number: `first17` and its check character (GB 11643). */
export function idCard(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * weights[index], 0);
  return first17 + '10X98765432'[sum % 11];
}

/**
 * A logistics company's application (物流企业, 乌鲁木齐), sent as the registration page sends
 * it (register.spec.ts drives the page itself): its legal representative's phone `mobile`, a
 * new credit code, the licence as a PNG and the ID as a PDF. Fails unless the server stores it.
 */
export async function applyOverHttp(
  request: APIRequestContext,
  { name, mobile, street }: { name: string; mobile: string; street: string },
): Promise<{ applyId: string; code: string }> {
  const types = await request.post('/rest/accountType/getRegisterAccountType', { data: {} });
  const typeId = (await types.json()).dataSet.registerAccountTypeList[3].id as string; // 物流企业
  const code = creditCode();
  const vo = {
    requestId: randomUUID(),
    accountTypeIds: [typeId],
    traderInfo: {
      traderName: name,
      serviceAreaCode: 'WLMQ',
      traderType: '4',
      uniformCreditCode: code,
      postcode: '830000',
      traderRegisteredAddress: '650000,650100,650102',
      traderRegisteredDetailedAddress: street,
      traderMailingAddress: '650000,650100,650102',
      traderMailingDetailedAddress: street,
    },
    lrInfo: {
      lrCertificateType: '1',
      lrName: '马振华',
      lrCertificateNumber: idCard('65010219800101123'),
      lrPhone: mobile,
    },
    contacterInfo: { contacterName: '李娜', contacterPhone: '13812345678', contacterEmail: 'lina@example.com' },
    usbkeyInfo: { isNeedUsbkey: '0' },
  };
  const submitted = await request.post('/rest/traderregister/addRegisterApply', {
    multipart: {
      registerApplyVo: JSON.stringify(vo),
      copyBusinessLicenseFile: { name: '营业执照.png', mimeType: 'image/png', buffer: PNG },
      lrCertificateFile: { name: '身份证.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  const answer = (await submitted.json()) as { rtnCode: string; rtnMessage: string; dataSet: { applyId: string } };
  if (answer.rtnCode !== '0000') throw new Error(`addRegisterApply: ${answer.rtnCode} ${answer.rtnMessage}`);
  return { applyId: answer.dataSet.applyId, code };
}

/**
 * 注册审核员 returns the application for correction with `reason`, as 注册审核's 退回修改 does
 * over HTTP (register.spec.ts drives the drawer): the round read, then the decision.
 */
export async function returnOverHttp(request: APIRequestContext, applyId: string, reason: string): Promise<void> {
  const { token } = await sessionOverHttp(request, BUSINESS_CODE, 'reviewer', 'Review@2026');
  const send = async <T>(path: string, data: unknown): Promise<T> => {
    const response = await request.post(path, { headers: { 'X-Access-Token': token }, data });
    const answer = (await response.json()) as { rtnCode: string; rtnMessage: string; dataSet: T };
    if (answer.rtnCode !== '0000') throw new Error(`${path}: ${answer.rtnCode} ${answer.rtnMessage}`);
    return answer.dataSet;
  };
  const { round } = await send<{ round: number }>('/rest/registerReview/getApplyDetail', { id: applyId });
  await send('/rest/registerReview/returnApply', { id: applyId, round, reason });
}

/**
 * Waits until `target` (a form field's label, say) is on screen below the public pages' sticky
 * header, not under it: where a refused submit scrolls the first refused field.
 */
export async function expectBelowHeader(page: Page, target: Locator): Promise<void> {
  await expect
    .poll(async () => {
      const header = (await page.getByTestId('site-header').boundingBox())!;
      const box = (await target.boundingBox())!;
      return box.y >= header.y + header.height && box.y + box.height <= page.viewportSize()!.height;
    })
    .toBe(true);
}
