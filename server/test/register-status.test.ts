import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../src/http/envelope';
import { registerApplies, registerApplyFiles, registerApplyRounds, sysSmsCodes } from '../src/db/schema/index';
import { FileSigner } from '../src/modules/files/signing';
import { REVIEWER, loginToken, sliderProof } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';
import { completeApplication } from './register-fixtures';

// The applicant's status (docs/registration.md "The applicant's status"): credit code and an
// SMS code show the application; a returned one is corrected and resubmitted in place, as its
// next round, with the files that stay and the new ones; the reviewer sees what changed.

let server: TestServer;
let reviewer: string;
let typeId: string;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const PNG2 = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(80, 7)]);
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

interface View {
  statusToken: string;
  applyId: string;
  status: string;
  statusName: string;
  round: number;
  traderName: string;
  enterpriseCode: string | null;
  reviews: Array<{ round: number; decisionName: string; reason: string | null }>;
  correction: {
    accountTypeIds: string[];
    values: Record<string, Record<string, string>>;
    files: Array<{ path: string; fileId: string; fileName: string; previewUrl: string }>;
  } | null;
}

beforeAll(async () => {
  server = await startTestServer({ captureLogs: true });
  reviewer = await loginToken(server, REVIEWER);
  const types = await server.post<{ registerAccountTypeList: Array<{ id: string }> }>(
    '/rest/accountType/getRegisterAccountType',
    {},
  );
  typeId = types.envelope.dataSet!.registerAccountTypeList[0].id;
});
afterAll(async () => {
  await server?.close();
});

const newMobile = () => `139${String(randomInt(1e8)).padStart(8, '0')}`;

async function multipart(
  path: string,
  vo: unknown,
  files: ReadonlyArray<readonly [string, Buffer, string]>,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('registerApplyVo', JSON.stringify(vo));
  for (const [field, bytes, fileName] of files) form.append(field, new Blob([bytes]), fileName);
  const response = await fetch(`${server.baseUrl}${path}`, { method: 'POST', body: form, headers });
  return (await response.json()) as Envelope<{ applyId: string }> & { dataSet: { errors?: Record<string, string> } };
}

const ALL_FILES = [
  ['copyBusinessLicenseFile', PNG, '营业执照.png'],
  ['lrCertificateFile', PNG, '身份证.png'],
  ['feeFile', PDF, '汇款凭证.pdf'],
  ['usbkeyAgentFile', PDF, '委托书.pdf'],
] as const;

/** A submitted application with its own mobile (so that codes are not rate-limited across tests). */
async function submitted() {
  const mobile = newMobile();
  const application = completeApplication(typeId, { lrInfo: { lrPhone: mobile } });
  const answer = await multipart('/rest/traderregister/addRegisterApply', application.vo, ALL_FILES);
  expect(answer.rtnCode).toBe('0000');
  return { ...application, id: answer.dataSet.applyId, mobile };
}

/** The code the applicant's phone got (the log-only sender writes the message to the log). */
function lastCode(mobile: string): string {
  const line = [...server.logs].reverse().find((entry) => entry.mobile === mobile && entry.templateCode);
  return /验证码为(\d{6})/.exec(String(line?.content ?? ''))?.[1] ?? '';
}

/** 获取验证码 as the page sends it: the credit code and a slider proof. */
async function sendCode(uniformCreditCode: string) {
  return server.post<{ mobile: string; expiresIn: number }>('/rest/anon/registerApply/sendStatusCode', {
    uniformCreditCode,
    proof: await sliderProof(server),
  });
}

async function viewOf(code: string, mobile: string): Promise<View> {
  const sent = await sendCode(code);
  expect(sent.envelope.rtnCode).toBe('0000');
  const view = await server.post<View>('/rest/anon/registerApply/queryStatus', {
    uniformCreditCode: code,
    smsCode: lastCode(mobile),
  });
  expect(view.envelope.rtnCode).toBe('0000');
  return view.envelope.dataSet!;
}

const review = (path: string, body: unknown) => server.post(path, body, { authorization: reviewer });

describe('the status query', () => {
  it('sends a code to the application’s mobile (masked in the answer) and shows the status for it', async () => {
    const { code, mobile, name, id } = await submitted();
    // Without the slider, nothing is sent.
    const unproven = await server.post('/rest/anon/registerApply/sendStatusCode', {
      uniformCreditCode: code,
      proof: '',
    });
    expect(unproven.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '请先完成滑块验证' });
    const sent = await sendCode(code.toLowerCase());
    expect(sent.envelope.dataSet).toEqual({ mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`, expiresIn: 300 });
    const smsCode = lastCode(mobile);
    expect(smsCode).toMatch(/^\d{6}$/);

    const wrong = await server.post('/rest/anon/registerApply/queryStatus', {
      uniformCreditCode: code,
      smsCode: smsCode === '000000' ? '111111' : '000000',
    });
    expect(wrong.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '验证码错误或已过期' });

    const view = await server.post<View>('/rest/anon/registerApply/queryStatus', { uniformCreditCode: code, smsCode });
    expect(view.envelope.dataSet).toMatchObject({
      applyId: id,
      status: '0',
      statusName: '待审核',
      round: 1,
      traderName: name,
      accountTypeNames: '棉花交易商',
      reviews: [],
      enterpriseCode: null,
      correction: null,
    });
    // A code is good once; the token reads the view again.
    const reused = await server.post('/rest/anon/registerApply/queryStatus', { uniformCreditCode: code, smsCode });
    expect(reused.envelope.rtnMessage).toBe('验证码错误或已过期');
    const again = await server.post<View>('/rest/anon/registerApply/getStatus', {
      statusToken: view.envelope.dataSet!.statusToken,
    });
    expect(again.envelope.dataSet!.applyId).toBe(id);
  });

  it('says so for a credit code without an application, a second code within a minute, and a bad token', async () => {
    const unknown = await sendCode('91650100MA00000000');
    expect(unknown.envelope).toMatchObject({
      rtnCode: '404',
      rtnMessage: '未找到该统一社会信用代码的注册申请，请核对后重新输入',
    });
    const empty = await sendCode('   ');
    expect(empty.envelope.rtnMessage).toBe('请输入统一社会信用代码');

    const { code, mobile } = await submitted();
    await sendCode(code);
    const soon = await sendCode(code);
    expect(soon.envelope).toMatchObject({ rtnCode: '429', rtnMessage: '发送过于频繁，请稍后再试' });
    const [stored] = await server.db.select().from(sysSmsCodes).where(eq(sysSmsCodes.mobile, mobile));
    expect(stored.codeHash).not.toContain(lastCode(mobile));

    for (const statusToken of ['1.1.zzzzzz.' + 'A'.repeat(43), 'not-a-token']) {
      const bad = await server.post('/rest/anon/registerApply/getStatus', { statusToken });
      expect(bad.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '查询已过期，请重新获取验证码查询' });
    }
  });

  it('locks the credit code’s query after five wrong codes, so nobody spends an applicant’s tries', async () => {
    const { code, mobile } = await submitted();
    await sendCode(code);
    const right = lastCode(mobile);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const answer = await server.post('/rest/anon/registerApply/queryStatus', {
        uniformCreditCode: code,
        smsCode: wrong,
      });
      expect(answer.envelope.rtnMessage).toBe('验证码错误或已过期');
    }
    const locked = await server.post('/rest/anon/registerApply/queryStatus', {
      uniformCreditCode: code,
      smsCode: right,
    });
    expect(locked.envelope).toMatchObject({ rtnCode: '429', rtnMessage: '查询失败次数过多，请 15 分钟后再试' });
  });
});

describe('the status token', () => {
  it('is renewed by each reading but never lasts past two hours after the SMS code', async () => {
    const signer = new FileSigner(server.db);
    const checkedAt = Date.now();
    const token = await signer.statusToken(7, checkedAt, checkedAt);
    expect(await signer.statusOf(token, checkedAt + 29 * 60_000)).toEqual({ applyId: 7, checkedAt });
    expect(await signer.statusOf(token, checkedAt + 32 * 60_000)).toBeNull();
    // Renewed at 1 h 50 min: good until 2 h, not 30 minutes more.
    const late = await signer.statusToken(7, checkedAt, checkedAt + 110 * 60_000);
    expect(await signer.statusOf(late, checkedAt + 119 * 60_000)).not.toBeNull();
    expect(await signer.statusOf(late, checkedAt + 122 * 60_000)).toBeNull();
    // A changed id or time breaks the signature.
    const [id, at, expires, signature] = token.split('.');
    expect(await signer.statusOf([8, at, expires, signature].join('.'), checkedAt)).toBeNull();
    expect(
      await signer.statusOf([id, at, (Number.parseInt(expires, 36) + 1).toString(36), signature].join('.'), checkedAt),
    ).toBeNull();
  });
});

describe('correcting a returned application', () => {
  it('shows the reason and the application, takes the corrected one as round 2, and the reviewer sees what changed', async () => {
    const { code, mobile, vo, id } = await submitted();
    expect(
      (await review('/rest/registerReview/returnApply', { id, round: 1, reason: '营业执照复印件未加盖公章' })).envelope
        .rtnCode,
    ).toBe('0000');
    const view = await viewOf(code, mobile);
    expect(view).toMatchObject({
      status: '3',
      statusName: '退回修改',
      reviews: [{ round: 1, decisionName: '退回修改', reason: '营业执照复印件未加盖公章' }],
    });
    const correction = view.correction!;
    expect(correction.accountTypeIds).toEqual([typeId]);
    expect(correction.values.traderInfo).toMatchObject({
      traderName: vo.traderInfo.traderName.trim(),
      postcode: '830000',
    });
    expect(correction.files.map((file) => [file.path, file.fileName])).toEqual([
      ['traderInfo.copyBusinessLicenseId', '营业执照.png'],
      ['vtaInvoiceInfo.feeId', '汇款凭证.pdf'],
      ['lrInfo.lrCertificateId', '身份证.png'],
      ['usbkeyInfo.usbkeyAgentFile', '委托书.pdf'],
    ]);
    const preview = await server.get(correction.files[0].previewUrl);
    expect(preview.status).toBe(200);

    // The licence replaced, the rest kept, the detailed address corrected.
    const licence = correction.files.find((file) => file.path === 'traderInfo.copyBusinessLicenseId')!;
    const keep = correction.files.filter((file) => file !== licence).map((file) => file.fileId);
    const corrected = {
      ...vo,
      requestId: crypto.randomUUID(),
      traderInfo: { ...vo.traderInfo, traderRegisteredDetailedAddress: '友好北路 2 号（盖章件已补）' },
      keepFileIds: keep,
    };
    const headers = { 'x-register-status-token': view.statusToken };

    // Without the token, with account types changed, with a file not its own: refused.
    const noToken = await multipart('/rest/traderregister/resubmitRegisterApply', corrected, [
      ['copyBusinessLicenseFile', PNG2, '营业执照（盖章）.png'],
    ]);
    expect(noToken).toMatchObject({ rtnCode: '400', rtnMessage: '查询已过期，请重新获取验证码查询' });
    const other = await submitted();
    const [foreign] = await server.db
      .select()
      .from(registerApplyFiles)
      .where(eq(registerApplyFiles.applyId, Number(other.id)));
    const foreignFile = await multipart(
      '/rest/traderregister/resubmitRegisterApply',
      { ...corrected, requestId: crypto.randomUUID(), keepFileIds: [...keep, foreign.fileId] },
      [],
      headers,
    );
    expect(foreignFile).toMatchObject({ rtnCode: '400', rtnMessage: '保留的文件不属于该申请，请刷新页面后重新填写' });
    const missing = await multipart(
      '/rest/traderregister/resubmitRegisterApply',
      { ...corrected, requestId: crypto.randomUUID() },
      [],
      headers,
    );
    expect(missing.rtnCode).toBe('400');
    expect(missing.dataSet.errors).toHaveProperty(['traderInfo.copyBusinessLicenseId']);

    const answer = await multipart(
      '/rest/traderregister/resubmitRegisterApply',
      corrected,
      [['copyBusinessLicenseFile', PNG2, '营业执照（盖章）.png']],
      headers,
    );
    expect(answer).toMatchObject({ rtnCode: '0000', dataSet: { applyId: id } });
    const twice = await multipart(
      '/rest/traderregister/resubmitRegisterApply',
      { ...corrected, requestId: crypto.randomUUID() },
      [['copyBusinessLicenseFile', PNG2, '营业执照（盖章）.png']],
      headers,
    );
    expect(twice).toMatchObject({ rtnCode: '400', rtnMessage: '该申请当前不可修改，请重新查询审核进度' });

    const [row] = await server.db
      .select()
      .from(registerApplies)
      .where(eq(registerApplies.id, Number(id)));
    expect(row).toMatchObject({ status: '0', round: 2 });
    const [first] = await server.db
      .select()
      .from(registerApplyRounds)
      .where(and(eq(registerApplyRounds.applyId, Number(id)), eq(registerApplyRounds.round, 1)));
    expect((first.payload as { traderInfo: Record<string, string> }).traderInfo.traderRegisteredDetailedAddress).toBe(
      '友好北路 1 号',
    );

    const detail = await review('/rest/registerReview/getApplyDetail', { id });
    const data = detail.envelope.dataSet as {
      round: number;
      changes: Array<{ label: string; before: string; after: string }>;
      sections: Array<{ title: string; files: Array<{ label: string; files: Array<{ fileName: string }> }> }>;
    };
    expect(data.round).toBe(2);
    expect(data.changes).toEqual([
      expect.objectContaining({ label: '注册详细地址', before: '友好北路 1 号', after: '友好北路 2 号（盖章件已补）' }),
      expect.objectContaining({ before: '营业执照.png', after: '营业执照（盖章）.png' }),
    ]);
    const enterpriseFiles = data.sections.find((section) => section.title === '企业信息')!.files;
    expect(enterpriseFiles.flatMap((group) => group.files.map((file) => file.fileName))).toEqual([
      '营业执照（盖章）.png',
    ]);

    // Approved: the status shows the 业务代码; the history has both rounds.
    // A reviewer still showing round 1 cannot decide round 2 unseen.
    expect((await review('/rest/registerReview/approveApply', { id, round: 1 })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '该申请已重新提交，请刷新后查看',
    });
    expect((await review('/rest/registerReview/approveApply', { id, round: 2 })).envelope.rtnCode).toBe('0000');
    const approved = await server.post<View>('/rest/anon/registerApply/getStatus', { statusToken: view.statusToken });
    expect(approved.envelope.dataSet).toMatchObject({
      status: '1',
      round: 2,
      enterpriseCode: `M${id.padStart(6, '0')}`,
      correction: null,
      reviews: [
        { round: 1, decisionName: '退回修改' },
        { round: 2, decisionName: '审核通过' },
      ],
    });
  });

  it('refuses kept files on a first submission and a changed account type on a resubmission', async () => {
    const { vo } = completeApplication(typeId, { lrInfo: { lrPhone: newMobile() } });
    const first = await multipart(
      '/rest/traderregister/addRegisterApply',
      { ...vo, keepFileIds: ['0'.repeat(32)] },
      ALL_FILES,
    );
    expect(first).toMatchObject({ rtnCode: '400', rtnMessage: '注册信息格式不正确，请刷新页面后重新填写' });

    const { code, mobile, id, vo: sent } = await submitted();
    await review('/rest/registerReview/returnApply', { id, round: 1, reason: '请补充开票信息' });
    const view = await viewOf(code, mobile);
    const types = await server.post<{ registerAccountTypeList: Array<{ id: string }> }>(
      '/rest/accountType/getRegisterAccountType',
      {},
    );
    const otherType = types.envelope.dataSet!.registerAccountTypeList[1].id;
    const changed = await multipart(
      '/rest/traderregister/resubmitRegisterApply',
      { ...sent, requestId: crypto.randomUUID(), accountTypeIds: [otherType] },
      ALL_FILES,
      { 'x-register-status-token': view.statusToken },
    );
    expect(changed).toMatchObject({ rtnCode: '400', rtnMessage: '重新提交时不能更改账户类型' });
  });
});
