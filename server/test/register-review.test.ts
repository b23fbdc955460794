import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../src/http/envelope';
import { registerApplies, sysEnterprises, sysSmsLog, sysUsers } from '../src/db/schema/index';
import { EDITOR, REVIEWER, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';
import { downloadExport, tokenHolding } from './list-export';
import { completeApplication } from './register-fixtures';

// 系统管理 › 注册审核 (docs/registration.md "Review"): the list, the detail with files, and the
// decisions — approve makes the enterprise and an administrator who must change the initial
// password first; return and reject tell the applicant why; a decision is made once.

let server: TestServer;
let reviewer: string;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

beforeAll(async () => {
  server = await startTestServer({ captureLogs: true });
  reviewer = await loginToken(server, REVIEWER);
});
afterAll(async () => {
  await server?.close();
});

/** Submits a complete 棉花交易商 application; answers its id and company name. */
async function submitted(): Promise<{ id: string; name: string; code: string }> {
  const types = await server.post<{ registerAccountTypeList: Array<{ id: string }> }>(
    '/rest/accountType/getRegisterAccountType',
    {},
  );
  const { vo, name, code } = completeApplication(types.envelope.dataSet!.registerAccountTypeList[0].id);
  const form = new FormData();
  form.append('registerApplyVo', JSON.stringify(vo));
  for (const [field, bytes, fileName] of [
    ['copyBusinessLicenseFile', PNG, '营业执照.png'],
    ['lrCertificateFile', PNG, '身份证.png'],
    ['feeFile', PDF, '汇款凭证.pdf'],
    ['usbkeyAgentFile', PDF, '委托书.pdf'],
  ] as const)
    form.append(field, new Blob([bytes]), fileName);
  const response = await fetch(`${server.baseUrl}/rest/traderregister/addRegisterApply`, {
    method: 'POST',
    body: form,
  });
  const answer = (await response.json()) as Envelope<{ applyId: string }>;
  expect(answer.rtnCode).toBe('0000');
  return { id: answer.dataSet!.applyId, name, code };
}

const post = <T>(path: string, body: unknown, token = reviewer) => server.post<T>(path, body, { authorization: token });

/** The last message the log-only SMS sender wrote for `mobile` (what the applicant would get). */
function lastSms(): string {
  const line = [...server.logs].reverse().find((entry) => typeof entry.content === 'string' && entry.templateCode);
  return String(line?.content ?? '');
}

describe('the review list and detail', () => {
  it('lists the applications with their types and office, and shows one with every section and file', async () => {
    const { id, name } = await submitted();
    const page = await post<{ pagination: { result: Array<Record<string, unknown>>; totalCount: number } }>(
      '/rest/registerReview/getApplyPage',
      { pageNum: 1, pageSize: 10, filters: { traderName: name, status: '0' } },
    );
    expect(page.envelope.dataSet!.pagination.result).toEqual([
      expect.objectContaining({
        id,
        traderName: name,
        accountTypeNames: '棉花交易商',
        serviceAreaName: '乌鲁木齐办事处',
        status: '0',
        round: 1,
      }),
    ]);

    const detail = await post<{
      sections: Array<{
        title: string;
        fields: Array<{ label: string; value: string }>;
        files: Array<{ label: string; files: Array<{ previewUrl: string; fileType: string }> }>;
      }>;
      reviews: unknown[];
    }>('/rest/registerReview/getApplyDetail', { id });
    const sections = detail.envelope.dataSet!.sections;
    expect(sections.map((section) => section.title)).toEqual([
      '企业信息',
      '法定代表人信息',
      '增值税发票信息',
      '联系人信息',
      '电子签章',
    ]);
    const trader = sections[0];
    expect(trader.fields).toEqual(
      expect.arrayContaining([
        { label: '企业名称', value: name },
        { label: '所属服务区域', value: '乌鲁木齐办事处' },
        { label: '企业类型', value: '轧花企业' },
        { label: '注册地址', value: '新疆维吾尔自治区 / 乌鲁木齐市 / 天山区' },
      ]),
    );
    expect(trader.files).toEqual([{ label: '营业执照复印件', files: [expect.objectContaining({ fileType: 'png' })] }]);
    const image = await server.get(trader.files[0].files[0].previewUrl);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    expect(detail.envelope.dataSet!.reviews).toEqual([]);
  });

  // Issue 31: 注册审核's 高级查询 — 所属服务区域 by its code, 提交时间, the type and status.
  it('finds applications by 高级查询: the office by its code, the day submitted, the type', async () => {
    const { id, name } = await submitted();
    const find = async (superQueryParams: Array<{ field: string; rule: string; value: string }>) => {
      const page = await post<{ pagination: { result: Array<{ id: string }> } }>('/rest/registerReview/getApplyPage', {
        pageNum: 1,
        pageSize: 50,
        superQueryParams: [{ field: 'traderName', rule: 'like', value: name }, ...superQueryParams],
        superQueryMatchType: 'and',
      });
      expect(page.envelope.rtnCode).toBe('0000');
      return page.envelope.dataSet!.pagination.result.map((row) => row.id);
    };
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(
      await find([
        { field: 'serviceAreaCode', rule: 'eq', value: 'WLMQ' },
        { field: 'kind', rule: 'eq', value: 'register' },
        { field: 'status', rule: 'eq', value: '0' },
        { field: 'createTime', rule: 'eq', value: today },
      ]),
    ).toEqual([id]);
    expect(await find([{ field: 'serviceAreaCode', rule: 'eq', value: 'KEL' }])).toEqual([]);
    expect(await find([{ field: 'kind', rule: 'eq', value: 'change' }])).toEqual([]);
    // A field the list does not filter is refused by name.
    const refused = await post('/rest/registerReview/getApplyPage', {
      pageNum: 1,
      pageSize: 10,
      superQueryParams: [{ field: 'round', rule: 'eq', value: '1' }],
    });
    expect(refused.envelope.rtnCode).toBe('400');
    expect(refused.envelope.rtnMessage).toBe('不支持按“轮次”查询');
  });

  it('is refused without the permission', async () => {
    const editor = await loginToken(server, EDITOR);
    const page = await post('/rest/registerReview/getApplyPage', { pageNum: 1, pageSize: 10 }, editor);
    expect(page.envelope.rtnCode).toBe('403');
  });
});

describe('导出', () => {
  const exportApplies = (body: unknown, token = reviewer) =>
    downloadExport(server, '/rest/registerReview/exportXls', body, token);

  it('writes the applications the query matches, or those selected, with 类型 and 状态 by name', async () => {
    const waiting = await submitted();
    const refused = await submitted();
    const rejected = await post('/rest/registerReview/rejectApply', { id: refused.id, round: 1, reason: '材料不全' });
    expect(rejected.envelope.rtnCode).toBe('0000');

    const one = await exportApplies({ filters: { traderName: waiting.name } });
    expect(one.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('注册审核.xlsx')}`);
    expect(one.rows!.map((row) => row.slice(0, 7))).toEqual([
      ['类型', '企业名称', '统一社会信用代码', '账户类型', '所属服务区域', '状态', '轮次'],
      ['注册申请', waiting.name, waiting.code, '棉花交易商', '乌鲁木齐办事处', '待审核', '1'],
    ]);
    expect(one.rows![0]![7]).toBe('提交时间');
    expect(one.rows![1]![7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const selections = `${waiting.id},${refused.id}`;
    const both = await exportApplies({
      selections,
      sort: { field: 'traderName', order: 'asc' },
      field: 'status,traderName',
    });
    expect(both.rows).toEqual([
      ['企业名称', '状态'],
      ...[
        [waiting.name, '待审核'],
        [refused.name, '审核驳回'],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    ]);
    const onlyRejected = await exportApplies({ selections, filters: { status: '2' }, field: 'traderName' });
    expect(onlyRejected.rows).toEqual([['企业名称'], [refused.name]]);
  });

  it('is refused to a reviewer without 导出注册申请, and to a role without the review', async () => {
    const reader = await tokenHolding(server, ['register:review']);
    expect(
      (await post('/rest/registerReview/getApplyPage', { pageNum: 1, pageSize: 10 }, reader)).envelope.rtnCode,
    ).toBe('0000');
    expect((await exportApplies({}, reader)).envelope).toMatchObject({ rtnCode: '403' });
    expect((await exportApplies({}, await loginToken(server, EDITOR))).envelope).toMatchObject({ rtnCode: '403' });
  });
});

describe('decisions', () => {
  it('approves: the enterprise, its administrator with an initial password to change first, the SMS (masked in the log)', async () => {
    const { id, name, code } = await submitted();
    const approved = await post<{ enterpriseCode: string; loginName: string }>('/rest/registerReview/approveApply', {
      id,
      round: 1,
    });
    expect(approved.envelope.rtnCode).toBe('0000');
    const enterpriseCode = `M${id.padStart(6, '0')}`;
    expect(approved.envelope.dataSet).toEqual({ kind: 'register', enterpriseCode, loginName: 'admin' });
    const [enterprise] = await server.db.select().from(sysEnterprises).where(eq(sysEnterprises.code, enterpriseCode));
    expect(enterprise).toMatchObject({ name, uniformCreditCode: code, status: '1' });

    const sms = lastSms();
    expect(sms).toContain(`业务代码：${enterpriseCode}，用户名：admin，初始密码：`);
    const password = /初始密码：([^，]+)，/.exec(sms)![1];
    const [logged] = await server.db.select().from(sysSmsLog).where(eq(sysSmsLog.templateCode, 'REGISTER_APPROVED'));
    expect(logged.content).toContain('初始密码：******');
    expect(logged.content).not.toContain(password);

    // The new administrator: only the password change until it is done.
    const token = await loginToken(server, { code: enterpriseCode, username: 'admin', password });
    const init = await post<{ mustChangePassword: boolean; enterprise: { code: string } }>(
      '/rest/auth/init',
      {},
      token,
    );
    expect(init.envelope.dataSet).toMatchObject({ mustChangePassword: true, enterprise: { code: enterpriseCode } });
    const blocked = await post('/rest/overview/summary', {}, token);
    expect(blocked.envelope).toMatchObject({ rtnCode: '403', rtnMessage: '请先修改初始密码' });
    const changed = await post(
      '/rest/user/UpdPwd',
      { oldPassword: password, newPassword: 'Cotton2026new', confirmPassword: 'Cotton2026new' },
      token,
    );
    expect(changed.envelope.rtnCode).toBe('0000');
    const [admin] = await server.db.select().from(sysUsers).where(eq(sysUsers.enterpriseId, enterprise.id));
    expect(admin.mustChangePassword).toBe(false);
    const after = await post<{ mustChangePassword: boolean }>('/rest/auth/init', {}, token);
    expect(after.envelope.dataSet!.mustChangePassword).toBe(false);

    // Decided once; the history says who and when; the detail shows the 业务代码.
    const again = await post('/rest/registerReview/rejectApply', { id, round: 1, reason: '重复' });
    expect(again.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '该申请已由其他审核人处理，请刷新后查看' });
    const detail = await post<{ status: string; enterpriseCode: string; reviews: Array<Record<string, unknown>> }>(
      '/rest/registerReview/getApplyDetail',
      { id },
    );
    expect(detail.envelope.dataSet).toMatchObject({
      status: '1',
      enterpriseCode,
      reviews: [expect.objectContaining({ round: 1, decision: '1', decisionName: '审核通过', reviewerName: '刘芳' })],
    });
  });

  it('lets one of two reviewers deciding at once decide', async () => {
    const { id } = await submitted();
    const answers = await Promise.all([
      post('/rest/registerReview/approveApply', { id, round: 1 }),
      post('/rest/registerReview/returnApply', { id, round: 1, reason: '营业执照不清晰' }),
    ]);
    expect(answers.map((answer) => answer.envelope.rtnCode).sort()).toEqual(['0000', '400']);
  });

  it('returns with a reason the applicant is told; the name stays the application’s until it is closed', async () => {
    const { id, name } = await submitted();
    expect((await post('/rest/registerReview/returnApply', { id, round: 1, reason: '   ' })).envelope.rtnMessage).toBe(
      '请填写原因',
    );
    const returned = await post('/rest/registerReview/returnApply', {
      id,
      round: 1,
      reason: '营业执照复印件未加盖公章',
    });
    expect(returned.envelope.rtnCode).toBe('0000');
    expect(lastSms()).toBe(
      `您提交的「${name}」注册申请需补正：营业执照复印件未加盖公章。请在门户「注册进度查询」页面修改后重新提交。`,
    );
    const [row] = await server.db
      .select()
      .from(registerApplies)
      .where(eq(registerApplies.id, Number(id)));
    expect(row.status).toBe('3');
    // Its applicant corrects it in place: nobody else may register the company meanwhile.
    const held = await server.post('/rest/traderregister/checkTraderName', { traderName: name });
    expect(held.envelope).toMatchObject({
      rtnCode: '504',
      rtnMessage: '该企业名称的注册申请已退回修改，请通过「注册进度查询」修改后重新提交',
    });
    // Not corrected: 驳回 closes it, and the name is free.
    expect((await post('/rest/registerReview/approveApply', { id, round: 1 })).envelope.rtnMessage).toBe(
      '该申请已由其他审核人处理，请刷新后查看',
    );
    expect(
      (await post('/rest/registerReview/rejectApply', { id, round: 1, reason: '逾期未补正' })).envelope.rtnCode,
    ).toBe('0000');
    const free = await server.post('/rest/traderregister/checkTraderName', { traderName: name });
    expect(free.envelope.rtnCode).toBe('0000');
  });

  it('rejects with a reason', async () => {
    const { id, name } = await submitted();
    const rejected = await post('/rest/registerReview/rejectApply', { id, round: 1, reason: '不符合入市条件' });
    expect(rejected.envelope.rtnCode).toBe('0000');
    expect(lastSms()).toBe(`您提交的「${name}」注册申请未通过审核：不符合入市条件。`);
  });
});
