import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../src/http/envelope';
import { fileBlobs, files, registerApplies, registerApplyFiles } from '../src/db/schema/index';
import { FileSigner } from '../src/modules/files/signing';
import { DatabaseFileStore } from '../src/modules/files/store';
import { sweepFiles } from '../src/modules/files/sweep';
import { SEED_ENTERPRISE, SEED_REGISTER_APPLIES } from '../src/seed/auth';
import { startTestServer, type TestServer } from './helpers';
import { completeApplication, newCreditCode } from './register-fixtures';

// Enterprise registration's public calls (docs/registration.md): account types and forms,
// agreements, offices, banks, name and code checks, uploads checked by content, and the
// submission stored with its files in one transaction.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

// Real file signatures, and two impostors.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
  Buffer.alloc(300, 3),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(100)]);
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');

/** An upload as the form sends it, for `field` (the ID copy's by default: images or PDF); `null`, without a field. */
async function upload(bytes: Buffer, name: string, token?: string, field: string | null = 'lrCertificateFile') {
  const form = new FormData();
  form.append('sendSysName', 'portal');
  form.append('requestTime', new Date().toISOString());
  if (field !== null) form.append('field', field);
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(`${server.baseUrl}/webUpload`, {
    method: 'POST',
    body: form,
    headers: token ? { 'x-upload-token': token } : {},
  });
  return (await response.json()) as Envelope<{
    fileId: string;
    fileName: string;
    uploadToken: string;
    fileType: string;
    fileSize: number;
  }>;
}

async function temporaryFiles(): Promise<string[]> {
  return readdir(join(server.config.filesDir, 'tmp')).catch(() => []);
}

describe('account types and the form', () => {
  it('lists the four types in two identities, and the form of a type', async () => {
    const types = await server.post<{ registerAccountTypeList: Array<{ id: string; name: string; identity: string }> }>(
      '/rest/accountType/getRegisterAccountType',
      {},
    );
    const list = types.envelope.dataSet!.registerAccountTypeList;
    expect(list.map((type) => [type.name, type.identity])).toEqual([
      ['棉花交易商', '1'],
      ['纱线交易商', '1'],
      ['仓储企业', '2'],
      ['物流企业', '2'],
    ]);
    const cotton = list[0].id;
    const logistics = list[3].id;
    const detail = await server.post<{
      accountRegisterDetail: Record<string, Record<string, { isRequired: string }>> & { usbkeyDefault: string };
    }>('/rest/accountType/getRegisterAccountTypeDetail/1', { ids: cotton });
    const form = detail.envelope.dataSet!.accountRegisterDetail;
    expect(form.traderInfo.traderName).toEqual({ isRequired: '1' });
    expect(form.vtaInvoiceInfo.feeId).toEqual({ isRequired: '1' });
    expect(form.contacterInfo.mailContacterName).toEqual({ isRequired: '0' });
    expect(form.usbkeyDefault).toBe('1');
    const other = (
      await server.post<{ accountRegisterDetail: Record<string, unknown> & { usbkeyDefault: string } }>(
        '/rest/accountType/getRegisterAccountTypeDetail/1',
        { ids: logistics },
      )
    ).envelope.dataSet!.accountRegisterDetail;
    expect(other.vtaInvoiceInfo).toBeUndefined();
    expect(other.usbkeyDefault).toBe('0');
    const unknown = await server.post('/rest/accountType/getRegisterAccountTypeDetail/1', { ids: '999999' });
    expect(unknown.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '所选的账户类型不存在或已停用，请重新选择' });
  });

  it('answers the agreements, the offices with the headquarters last, a phone, and banks by keyword', async () => {
    const preview = await server.post<{ url: string }>('/rest/entryagreement/previewEntryAgreement/1', {});
    expect(preview.envelope.dataSet!.url).toBe('/register/agreement/entry');
    const entry = await server.post<{ title: string; content: string }>('/rest/anon/agreement', { code: 'entry' });
    expect(entry.envelope.dataSet!.title).toBe('交易商入市协议');
    expect((await server.post('/rest/anon/agreement', { code: 'nothing' })).envelope.rtnMessage).toBe('协议不存在');
    // The CFCA certificate agreement the key section's first consent links to.
    const cfca = await server.post<{ fileId: string; url: string }>('/rest/usbkey/getCFCAFileIdAndUrl/1', {});
    expect(cfca.envelope.dataSet).toEqual({ fileId: 'cfca', url: '/register/agreement/cfca' });
    const cfcaText = await server.post<{ title: string }>('/rest/anon/agreement', { code: 'cfca' });
    expect(cfcaText.envelope.dataSet!.title).toBe('CFCA数字证书服务协议');

    const areas = await server.post<{
      serviceAreaList: Array<{ serviceAreaCode: string; headquarters: string; postcode: string }>;
    }>('/rest/serviceArea/getAllServiceArea', {});
    const list = areas.envelope.dataSet!.serviceAreaList;
    expect(list.map((area) => area.serviceAreaCode)).toEqual(['WLMQ', 'KEL', 'AKS', 'KS', 'ZZ', 'HQ']);
    expect(list.at(-1)!.headquarters).toBe('1');
    expect(list.every((area) => /^[1-9]\d{5}$/.test(area.postcode))).toBe(true);
    const phone = await server.post<{ phone: string }>('/rest/traderregister/getServiceAreaPhone', {
      serviceAreaCode: 'KEL',
    });
    expect(phone.envelope.dataSet!.phone).toMatch(/^0996-\d{7}$/);

    const found = await server.post<{ banks: Array<{ value: string }> }>('/rest/bank/queryBanks', { keyWord: '农业' });
    expect(found.envelope.dataSet!.banks.map((bank) => bank.value)).toEqual(['中国农业银行', '中国农业发展银行']);
    const literal = await server.post<{ banks: unknown[] }>('/rest/bank/queryAccountBanks', { keyWord: '%' });
    expect(literal.envelope.dataSet!.banks).toEqual([]);
  });
});

describe('name and credit code checks', () => {
  it('passes a free name and code, and answers 504 for a registered or pending one', async () => {
    expect(
      (await server.post('/rest/traderregister/checkTraderName', { traderName: '新疆新棉纺织有限公司' })).envelope
        .rtnCode,
    ).toBe('0000');
    const taken = await server.post('/rest/traderregister/checkTraderName', {
      traderName: ` ${SEED_ENTERPRISE.name} `,
    });
    expect(taken.envelope).toMatchObject({ rtnCode: '504', rtnMessage: '该企业名称已注册，请勿重复注册' });
    const pending = await server.post('/rest/traderregister/checkTraderName', {
      traderName: SEED_REGISTER_APPLIES[0].traderName,
    });
    expect(pending.envelope).toMatchObject({ rtnCode: '504', rtnMessage: '该企业名称已提交注册申请，正在审核中' });
    const code = await server.post('/rest/traderregister/judgeExistEnterpriseInfo/1', {
      uniformCreditCode: SEED_ENTERPRISE.uniformCreditCode.toLowerCase(),
    });
    expect(code.envelope).toMatchObject({ rtnCode: '504', rtnMessage: '该统一社会信用代码已注册，请勿重复注册' });
    const free = await server.post('/rest/traderregister/judgeExistEnterpriseInfo/1', {
      uniformCreditCode: newCreditCode(),
    });
    expect(free.envelope.rtnCode).toBe('0000');
  });
});

describe('uploads', () => {
  it('takes a PNG, gives a token, and previews it only to that token', async () => {
    const first = await upload(PNG, '营业执照.png');
    expect(first.rtnCode).toBe('0000');
    const { fileId, uploadToken } = first.dataSet!;
    expect(first.dataSet).toMatchObject({ fileType: 'png', fileSize: PNG.length });

    const info = await server.post<{ fileVos: Array<{ previewUrl: string; fileName: string }> }>(
      '/rest/file/queryFileInfoByFileId',
      { fileId },
      { 'x-upload-token': uploadToken },
    );
    const vo = info.envelope.dataSet!.fileVos[0];
    expect(vo.fileName).toBe('营业执照.png');
    const preview = await server.get(vo.previewUrl);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    expect(preview.headers.get('x-content-type-options')).toBe('nosniff');
    expect(preview.headers.get('content-disposition')).toContain("inline; filename*=UTF-8''");
    expect(Buffer.from(await preview.arrayBuffer()).equals(PNG)).toBe(true);
    // A tampered address is refused.
    // (The first signature character is changed to one it is not, so the address always differs.)
    const tampered = vo.previewUrl.replace(/sig=(.)/, (_all, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(vo.previewUrl);
    expect((await server.get(tampered)).status).toBe(403);

    // Without the token, with another, or with one made up: 未知文件.
    expect((await server.post('/rest/file/queryFileInfoByFileId', { fileId })).envelope.rtnMessage).toBe('未知文件');
    const other = await upload(JPEG, 'other.jpg');
    expect(
      (
        await server.post(
          '/rest/file/queryFileInfoByFileId',
          { fileId },
          { 'x-upload-token': other.dataSet!.uploadToken },
        )
      ).envelope.rtnCode,
    ).toBe('404');
    const forged = `${'a'.repeat(32)}.${'b'.repeat(43)}`;
    expect(
      (await server.post('/rest/file/queryFileInfoByFileId', { fileId }, { 'x-upload-token': forged })).envelope
        .rtnCode,
    ).toBe('404');
    // A made-up token is not adopted: the upload gets a token of the server's own.
    const adopted = await upload(PDF, 'fee.pdf', forged);
    expect(adopted.dataSet!.uploadToken).not.toBe(forged);
    // The same token keeps its files together.
    const again = await upload(PDF, 'fee.pdf', uploadToken);
    expect(again.dataSet!.uploadToken).toBe(uploadToken);
    // A token of the server's own, but issued more than 7 days ago, is not one any more.
    const stale = await new FileSigner(server.db).newUploadToken(Date.now() - 8 * 24 * 3600_000);
    expect((await upload(PDF, 'fee.pdf', stale)).dataSet!.uploadToken).not.toBe(stale);
  });

  it('cleans the name it shows: no path, no direction override, quoted for the download', async () => {
    const answer = await upload(PNG, 'C:\\scan\\\u202e执照(1)gnp.exe');
    expect(answer.dataSet!.fileName).toBe('执照(1)gnp.exe');
    const info = await server.post<{ fileVos: Array<{ previewUrl: string }> }>(
      '/rest/file/queryFileInfoByFileId',
      { fileId: answer.dataSet!.fileId },
      { 'x-upload-token': answer.dataSet!.uploadToken },
    );
    const preview = await server.get(info.envelope.dataSet!.fileVos[0].previewUrl);
    expect(preview.headers.get('content-disposition')).toBe(
      `inline; filename*=UTF-8''${encodeURIComponent('执照')}%281%29gnp.exe`,
    );
  });

  it('refuses by content: an executable named .png, an HTML page named .jpg, an empty file, more than 10 MB', async () => {
    expect(await upload(ELF, 'photo.png')).toMatchObject({ rtnCode: '400', rtnMessage: '文件格式错误' });
    expect(await upload(HTML, 'photo.jpg')).toMatchObject({ rtnCode: '400', rtnMessage: '文件格式错误' });
    expect(await upload(Buffer.alloc(0), 'empty.png')).toMatchObject({ rtnCode: '400' });
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    expect(await upload(big, 'big.png')).toMatchObject({ rtnCode: '400', rtnMessage: '文件大小不能超过10M' });
    expect(await temporaryFiles()).toEqual([]);
  });
});

/** A complete application of a 棉花交易商 (register-fixtures.ts). */
async function application(overrides: Record<string, Record<string, string>> = {}) {
  const types = await server.post<{ registerAccountTypeList: Array<{ id: string }> }>(
    '/rest/accountType/getRegisterAccountType',
    {},
  );
  return completeApplication(types.envelope.dataSet!.registerAccountTypeList[0].id, overrides);
}

async function submit(vo: unknown, parts: Array<[string, Buffer, string]>) {
  const form = new FormData();
  form.append('registerApplyVo', JSON.stringify(vo));
  form.append('serviceType', 'registerApply');
  form.append('serviceId', 'addRegisterApply');
  form.append('serviceVersion', '1');
  for (const [field, bytes, name] of parts) form.append(field, new Blob([bytes]), name);
  const response = await fetch(`${server.baseUrl}/rest/traderregister/addRegisterApply`, {
    method: 'POST',
    body: form,
  });
  return (await response.json()) as Envelope<
    { applyId: string; serviceAreaCode: string } & { errors?: Record<string, string> }
  >;
}

const COMPLETE_FILES: Array<[string, Buffer, string]> = [
  ['copyBusinessLicenseFile', PNG, '营业执照正本.png'],
  ['copyBusinessLicenseFile', JPEG, '营业执照副本.jpg'],
  ['lrCertificateFile', JPEG, '身份证.jpg'],
  ['feeFile', PDF, '汇款凭证.pdf'],
  ['usbkeyAgentFile', PDF, '授权委托书.pdf'],
];

describe('the submission', () => {
  it('stores the application and its files in one go; the same form again is 请勿重复提交', async () => {
    const { vo, name, code } = await application();
    const answer = await submit(vo, COMPLETE_FILES);
    expect(answer.rtnCode).toBe('0000');
    expect(answer.dataSet!.serviceAreaCode).toBe('WLMQ');
    const id = Number(answer.dataSet!.applyId);
    const [row] = await server.db.select().from(registerApplies).where(eq(registerApplies.id, id));
    expect(row).toMatchObject({
      traderName: name,
      uniformCreditCode: code,
      status: '0',
      applicantPhone: '13909911234',
    });
    expect((row.payload.traderInfo as Record<string, string>).traderName).toBe(name);

    const stored = await server.db
      .select({
        field: registerApplyFiles.field,
        sort: registerApplyFiles.sort,
        sha256: files.sha256,
        type: files.type,
        size: files.size,
      })
      .from(registerApplyFiles)
      .innerJoin(files, eq(files.id, registerApplyFiles.fileId))
      .where(eq(registerApplyFiles.applyId, id));
    expect(stored.map((file) => `${file.field}#${file.sort}:${file.type}`).sort()).toEqual([
      'copyBusinessLicenseId#1:png',
      'copyBusinessLicenseId#2:jpg',
      'feeId#1:pdf',
      'lrCertificateId#1:jpg',
      'usbkeyAgentFile#1:pdf',
    ]);
    const store = new DatabaseFileStore(server.db, server.config.filesDir);
    for (const file of stored) {
      const content = (await store.read(file.sha256))!;
      expect(content.length).toBe(file.size);
      expect(createHash('sha256').update(content).digest('hex')).toBe(file.sha256);
    }

    const twice = await submit(vo, COMPLETE_FILES);
    expect(twice).toMatchObject({ rtnCode: '400', rtnMessage: '请勿重复提交' });
    const rows = await server.db.select().from(registerApplies).where(eq(registerApplies.traderName, name));
    expect(rows).toHaveLength(1);
    // Now the name and the code are taken.
    const taken = await server.post('/rest/traderregister/checkTraderName', { traderName: name });
    expect(taken.envelope).toMatchObject({ rtnCode: '504', rtnMessage: '该企业名称已提交注册申请，正在审核中' });
    expect(await temporaryFiles()).toEqual([]);
  });

  it('refuses with every field message: formats, required fields and files, a PDF where only images go, a taken name', async () => {
    const { vo } = await application({
      traderInfo: { postcode: '030000', uniformCreditCode: '91650100MA77K3LX1X', traderName: SEED_ENTERPRISE.name },
      lrInfo: { lrPhone: '', lrCertificateNumber: '123' },
    });
    const answer = await submit(vo, [
      ['copyBusinessLicenseFile', PDF, '执照.pdf'],
      ['feeFile', ELF, 'fee.png'],
    ]);
    expect(answer.rtnCode).toBe('400');
    expect(answer.dataSet!.errors).toEqual({
      'traderInfo.traderName': '该企业名称已注册，请勿重复注册',
      'traderInfo.uniformCreditCode': '统一社会信用代码有误，请重新输入',
      'traderInfo.postcode': '请输入正确格式的邮编',
      'traderInfo.copyBusinessLicenseId': '图片格式错误',
      'lrInfo.lrCertificateNumber': '请输入正确格式的证件号码',
      'lrInfo.lrPhone': '手机号码不能为空',
      'lrInfo.lrCertificateId': '请上传证件',
      'vtaInvoiceInfo.feeId': '文件格式错误',
      'usbkeyInfo.ukeyUserName': '须与企业信息中的企业名称一致',
      'usbkeyInfo.ukeyUniformCreditCode': '须与企业信息中的统一社会信用代码一致',
      'usbkeyInfo.usbkeyAgentFile': '经办人身份证复印件不能为空',
    });
    expect(answer.rtnMessage).toBe('该企业名称已注册，请勿重复注册');
    expect(await temporaryFiles()).toEqual([]);
  });

  it('skips the ID format for a passport, and refuses a form that is no application', async () => {
    const { vo } = await application({ lrInfo: { lrCertificateType: '2', lrCertificateNumber: 'E12345678' } });
    expect((await submit(vo, COMPLETE_FILES)).rtnCode).toBe('0000');
    const broken = await submit({ ...vo, requestId: randomUUID(), extra: 'x' }, []);
    expect(broken).toMatchObject({ rtnCode: '400', rtnMessage: '注册信息格式不正确，请刷新页面后重新填写' });
    const notJson = await submit('{', []);
    expect(notJson.rtnCode).toBe('400');
  });
});

describe('what the browser cannot be trusted with', () => {
  it('refuses choices that are no option, a key section for another company, and unreadable text', async () => {
    const { vo } = await application({ traderInfo: { serviceAreaCode: 'QD', traderType: '9' } });
    vo.vtaInvoiceInfo.vtaInvoiceBank = '不存在的银行';
    vo.usbkeyInfo.ukeyUserName = '另一家公司';
    vo.usbkeyInfo.certDeadline = '30';
    const answer = await submit(vo, COMPLETE_FILES);
    expect(answer.dataSet!.errors).toEqual({
      'traderInfo.serviceAreaCode': '请选择所属服务区域',
      'traderInfo.traderType': '请选择企业类型',
      'vtaInvoiceInfo.vtaInvoiceBank': '请选择开户银行',
      'usbkeyInfo.certDeadline': '证书有效期应为 1 至 10 年',
      'usbkeyInfo.ukeyUserName': '须与企业信息中的企业名称一致',
    });
    const nul = await application({ contacterInfo: { contacterName: 'a\u0000b' } });
    const refused = await submit(
      { ...nul.vo, contacterInfo: { ...nul.vo.contacterInfo, contacterName: 'a\u0000b' } },
      COMPLETE_FILES,
    );
    expect(refused).toMatchObject({ rtnCode: '400', rtnMessage: '注册信息包含无法识别的字符，请检查后重新填写' });
  });

  it('reads no file before the application, answers an oversized file at its field, and keeps one live application per company', async () => {
    const { vo, name } = await application();
    const form = new FormData();
    form.append('copyBusinessLicenseFile', new Blob([PNG]), 'a.png');
    form.append('registerApplyVo', JSON.stringify(vo));
    const early = await fetch(`${server.baseUrl}/rest/traderregister/addRegisterApply`, { method: 'POST', body: form });
    expect(((await early.json()) as Envelope<unknown>).rtnMessage).toBe('注册信息格式不正确，请刷新页面后重新填写');

    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const oversized = await submit(vo, [['copyBusinessLicenseFile', big, 'big.png'], ...COMPLETE_FILES.slice(1)]);
    expect(oversized.dataSet!.errors).toEqual({ 'traderInfo.copyBusinessLicenseId': '图片大小不能超过10M' });

    // Two tabs, two forms, the same company at once: one application.
    const answers = await Promise.all([
      submit({ ...vo, requestId: randomUUID() }, COMPLETE_FILES),
      submit({ ...vo, requestId: randomUUID() }, COMPLETE_FILES),
    ]);
    expect(answers.map((answer) => answer.rtnCode).sort()).toEqual(['0000', '400']);
    expect(await server.db.select().from(registerApplies).where(eq(registerApplies.traderName, name))).toHaveLength(1);
    expect(await temporaryFiles()).toEqual([]);
  });
});

describe('issue 30: what the form could never send', () => {
  /** Applications stored under `name` (none after a refusal). */
  const storedAs = (name: string) =>
    server.db.select({ id: registerApplies.id }).from(registerApplies).where(eq(registerApplies.traderName, name));

  it('refuses a region path that is no chain or stops at a province with cities, at its field', async () => {
    const { vo, name } = await application({
      traderInfo: { traderRegisteredAddress: '110000,410100,410102', traderMailingAddress: '410000' },
    });
    const answer = await submit(vo, COMPLETE_FILES);
    expect(answer.rtnCode).toBe('400');
    expect(answer.dataSet!.errors).toEqual({
      'traderInfo.traderRegisteredAddress': '注册地址的省、市、区县不对应，请重新选择',
      'traderInfo.traderMailingAddress': '请完整选择通讯地址（省、市、区县）',
    });
    // A city whose counties the picker offers, a county under another city, a code twice: refused too.
    for (const [path, message] of [
      ['650000,650100', '请完整选择注册地址（省、市、区县）'],
      ['650000,650200,650102', '注册地址的省、市、区县不对应，请重新选择'],
      ['650100,650102', '注册地址的省、市、区县不对应，请重新选择'],
      ['650000,650000', '请选择注册地址'],
      ['650000,650100,999999', '请选择注册地址'],
    ]) {
      const other = await application({ traderInfo: { traderRegisteredAddress: path } });
      expect((await submit(other.vo, COMPLETE_FILES)).dataSet!.errors).toEqual({
        'traderInfo.traderRegisteredAddress': message,
      });
    }
    expect(await storedAs(name)).toEqual([]);
    expect(await temporaryFiles()).toEqual([]);
    // What the picker offers: down to a county, or to a region without children (济源市, 北京市 here).
    const fine = await application({
      traderInfo: { traderRegisteredAddress: '410000,410100,410102', traderMailingAddress: '410000,419001' },
    });
    expect((await submit(fine.vo, COMPLETE_FILES)).rtnCode).toBe('0000');
    const municipality = await application({ traderInfo: { traderMailingAddress: '110000' } });
    expect((await submit(municipality.vo, COMPLETE_FILES)).rtnCode).toBe('0000');
  });

  it('refuses invisible and direction-control characters in names and texts, and the checks see through them', async () => {
    const { vo, name } = await application({
      traderInfo: { traderName: '新疆天山物流\u202e司公限有' },
      contacterInfo: { contacterName: '李\u200b娜' },
      vtaInvoiceInfo: { vtaInvoiceAddress: '乌鲁木齐市\u2066友好北路' },
    });
    const answer = await submit(vo, COMPLETE_FILES);
    expect(answer.rtnCode).toBe('400');
    expect(answer.dataSet!.errors).toMatchObject({
      'traderInfo.traderName': '企业名称不能包含不可见字符或文字方向控制字符，请删除后重新输入',
      'vtaInvoiceInfo.vtaInvoiceAddress': '开票地址不能包含不可见字符或文字方向控制字符，请删除后重新输入',
      'contacterInfo.contacterName': '联系人姓名不能包含不可见字符或文字方向控制字符，请删除后重新输入',
    });
    expect(answer.rtnMessage).toBe('企业名称不能包含不可见字符或文字方向控制字符，请删除后重新输入');
    expect(await storedAs(name)).toEqual([]);
    expect(await storedAs('新疆天山物流\u202e司公限有')).toEqual([]);

    // A registered or pending name with a hidden character, full-width or spaced is still taken.
    const hidden = `${SEED_ENTERPRISE.name.slice(0, 2)}\u200b${SEED_ENTERPRISE.name.slice(2)}\u202e`;
    expect((await server.post('/rest/traderregister/checkTraderName', { traderName: hidden })).envelope).toMatchObject({
      rtnCode: '504',
      rtnMessage: '该企业名称已注册，请勿重复注册',
    });
    const pending = `\ufeff${SEED_REGISTER_APPLIES[0].traderName}\u2060 `;
    expect((await server.post('/rest/traderregister/checkTraderName', { traderName: pending })).envelope.rtnCode).toBe(
      '504',
    );
    const code = `${SEED_ENTERPRISE.uniformCreditCode.slice(0, 5)}\u200d${SEED_ENTERPRISE.uniformCreditCode.slice(5)}`;
    expect(
      (await server.post('/rest/traderregister/judgeExistEnterpriseInfo/1', { uniformCreditCode: code })).envelope
        .rtnCode,
    ).toBe('504');
    // An application's stored key is compared the same way.
    const first = await application();
    expect((await submit(first.vo, COMPLETE_FILES)).rtnCode).toBe('0000');
    const lookAlike = `${first.name.slice(0, 3)}\u200c${first.name.slice(3)}`;
    expect(
      (await server.post('/rest/traderregister/checkTraderName', { traderName: lookAlike })).envelope.rtnMessage,
    ).toBe('该企业名称已提交注册申请，正在审核中');
  });

  it('checks an upload by content as the field it is for: 图片格式错误 for the licence, 文件格式错误 for the others', async () => {
    const uploads = async () => (await server.db.select({ id: files.id }).from(files)).length;
    const before = await uploads();
    const licence = 'copyBusinessLicenseFile';
    expect(await upload(PDF, '营业执照.png', undefined, licence)).toMatchObject({
      rtnCode: '400',
      rtnMessage: '图片格式错误',
    });
    expect(await upload(ELF, '营业执照.png', undefined, licence)).toMatchObject({
      rtnCode: '400',
      rtnMessage: '图片格式错误',
    });
    expect(await upload(ELF, '汇款凭证.pdf', undefined, 'feeFile')).toMatchObject({
      rtnCode: '400',
      rtnMessage: '文件格式错误',
    });
    expect(await upload(HTML, '授权委托书.pdf', undefined, 'usbkeyAgentFile')).toMatchObject({
      rtnCode: '400',
      rtnMessage: '文件格式错误',
    });
    expect(await upload(PNG, 'a.png', undefined, 'somethingElse')).toMatchObject({
      rtnCode: '400',
      rtnMessage: '上传的文件不属于当前表单，请刷新页面后重新上传',
    });
    // Every form upload names its field: one without is refused, not guessed at.
    const noPart = { rtnCode: '400', rtnMessage: '上传请求未注明文件所属的表单项（field），请刷新页面后重新上传' };
    expect(await upload(PNG, '营业执照.png', undefined, null)).toMatchObject(noPart);
    expect(await upload(PDF, '营业执照.png', undefined, null)).toMatchObject(noPart);
    expect(await uploads()).toBe(before);
    expect(await temporaryFiles()).toEqual([]);
    // What the fields take.
    expect((await upload(JPEG, '营业执照.jpg', undefined, licence)).dataSet!.fileType).toBe('jpg');
    expect((await upload(PDF, '汇款凭证.pdf', undefined, 'feeFile')).dataSet!.fileType).toBe('pdf');
    expect((await upload(PDF, '证件.pdf', undefined, 'lrCertificateFile')).dataSet!.fileType).toBe('pdf');

    // At submit, a renamed executable in the licence is 图片格式错误 too, and nothing is kept.
    const { vo, name } = await application();
    const answer = await submit(vo, [['copyBusinessLicenseFile', ELF, '营业执照.png'], ...COMPLETE_FILES.slice(2)]);
    expect(answer.dataSet!.errors).toEqual({ 'traderInfo.copyBusinessLicenseId': '图片格式错误' });
    expect(await storedAs(name)).toEqual([]);
    expect(await uploads()).toBe(before + 3);
    expect(await temporaryFiles()).toEqual([]);
  });

  it('allows only the choices the form offers: the offices, 是/否 for the key, its handling as the form sends it', async () => {
    const { vo, name } = await application({
      traderInfo: { serviceAreaCode: 'HQ' },
      usbkeyInfo: { isNeedUsbkey: '2' },
    });
    const answer = await submit(vo, COMPLETE_FILES.slice(0, 4));
    expect(answer.rtnCode).toBe('400');
    expect(answer.dataSet!.errors).toEqual({
      'traderInfo.serviceAreaCode': '请选择所属服务区域',
      'usbkeyInfo.isNeedUsbkey': '请选择是否申请电子签章',
    });
    const handling = await application();
    const odd = await submit(
      { ...handling.vo, applyAccountRelationIds: '1,2,3', usbKeyExtInfoDto: { handleType: '注销', extra: 'x' } },
      COMPLETE_FILES,
    );
    expect(odd.dataSet!.errors).toEqual({
      applyAccountRelationIds: '电子签章的办理信息不正确，请刷新页面后重新填写',
      usbKeyExtInfoDto: '电子签章的办理信息不正确，请刷新页面后重新填写',
    });
    const withoutKey = await application({ usbkeyInfo: { isNeedUsbkey: '0' } });
    const stray = await submit(
      { ...withoutKey.vo, usbKeyExtInfoDto: { handleType: '申请办理' } },
      COMPLETE_FILES.slice(0, 4),
    );
    expect(stray.dataSet!.errors).toEqual({ usbKeyExtInfoDto: '电子签章的办理信息不正确，请刷新页面后重新填写' });
    expect(await storedAs(name)).toEqual([]);
    expect(await storedAs(handling.name)).toEqual([]);
    expect(await temporaryFiles()).toEqual([]);

    // As the form sends them: another office, a key with its handling; no key and none.
    const keyed = await application({ traderInfo: { serviceAreaCode: 'ZZ' } });
    const sent = await submit(
      {
        ...keyed.vo,
        applyAccountRelationIds: keyed.vo.accountTypeIds.join(','),
        usbKeyExtInfoDto: { handleType: '申请办理' },
      },
      COMPLETE_FILES,
    );
    expect(sent).toMatchObject({ rtnCode: '0000', dataSet: { serviceAreaCode: 'ZZ' } });
    expect((await submit(withoutKey.vo, COMPLETE_FILES.slice(0, 4))).rtnCode).toBe('0000');
  });
});

describe('the sweep', () => {
  it('removes uploads cut off, loose uploads past their day, and bytes no row names — and nothing an application holds', async () => {
    const store = new DatabaseFileStore(server.db, server.config.filesDir);
    await mkdir(join(server.config.filesDir, 'tmp'), { recursive: true });
    const cutOff = join(server.config.filesDir, 'tmp', 'cut-off');
    await writeFile(cutOff, 'half');
    // An upload under way on this node is left alone; one cut off two hours ago goes.
    const underWay = join(server.config.filesDir, 'tmp', 'under-way');
    await writeFile(underWay, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await utimes(cutOff, twoHoursAgo, twoHoursAgo);
    const orphan = Buffer.from('orphan bytes no row names');
    const orphanHash = createHash('sha256').update(orphan).digest('hex');
    await server.db.transaction((tx) => store.keepBytes(tx, orphanHash, orphan));
    const lonely = Buffer.concat([PNG, Buffer.from('loose only')]);
    const loose = await upload(lonely, 'loose.png');
    const looseHash = createHash('sha256').update(lonely).digest('hex');
    const [attachedBefore] = await server.db.select({ n: files.id }).from(files).where(eq(files.purpose, 'register'));

    const counts = await sweepFiles(server.db, store, { now: new Date(Date.now() + 25 * 3600_000) });
    expect(counts.temporary).toBe(1);
    expect(await readdir(join(server.config.filesDir, 'tmp'))).toEqual(['under-way']);
    expect(counts.looseRows).toBeGreaterThanOrEqual(1);
    expect(counts.bytes).toBeGreaterThanOrEqual(2);
    expect(await store.read(orphanHash)).toBeNull();
    expect(await server.db.select().from(files).where(eq(files.id, loose.dataSet!.fileId))).toEqual([]);
    expect(await server.db.select().from(fileBlobs).where(eq(fileBlobs.sha256, looseHash))).toEqual([]);
    // The applications' files stay, bytes and rows.
    const kept = await server.db.select().from(files).where(eq(files.purpose, 'register'));
    expect(kept.length).toBeGreaterThan(0);
    expect(attachedBefore).toBeDefined();
    for (const file of kept) expect((await store.read(file.sha256))?.length).toBe(file.size);
  });
});
