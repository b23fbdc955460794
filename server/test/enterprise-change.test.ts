import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../src/http/envelope';
import { MIGRATIONS_FOLDER } from '../src/paths';
import {
  registerApplies,
  sysAuditLog,
  sysEnterprises,
  sysPermissions,
  sysRolePermissions,
  sysRoles,
  sysSmsLog,
} from '../src/db/schema/index';
import { SEED_ENTERPRISE_ACCOUNTS, SEED_REGISTER_APPLIES, creditCode } from '../src/seed/auth';
import { ADMIN, EDITOR, REVIEWER, loginToken, type Credentials } from './auth-helpers';
import { openSeededTestDatabase, startTestServer, type TestServer } from './helpers';
import { completeApplication, newCreditCode } from './register-fixtures';
import type { TestDatabase } from './test-database';

// 企业管理 › 企业信息 and its 变更申请 (docs/registration.md "Change requests"): the seeded
// enterprise's administrator reads the registered information and asks for a change; the
// registration reviewers return, reject or approve it like a registration — the approval is
// what the enterprise then is.

let server: TestServer;
let reviewer: string;
let enterpriseAdmin: string;

const DEMO = SEED_ENTERPRISE_ACCOUNTS[0];
const DEMO_LOGIN: Credentials = { code: DEMO.enterpriseCode, username: DEMO.loginName, password: DEMO.password };
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
/** What the form sends besides the values: the required files a registration takes. */
const REQUIRED_FILES = [
  ['copyBusinessLicenseFile', PNG, '营业执照.png'],
  ['lrCertificateFile', PNG, '身份证.png'],
  ['feeFile', PDF, '汇款凭证.pdf'],
] as const;

beforeAll(async () => {
  server = await startTestServer({ captureLogs: true });
  reviewer = await loginToken(server, REVIEWER);
  enterpriseAdmin = await loginToken(server, DEMO_LOGIN);
});
afterAll(async () => {
  await server?.close();
});

const post = <T>(path: string, body: unknown, token: string) => server.post<T>(path, body, { authorization: token });

interface ChangeForm {
  accountTypeIds: string[];
  values: Record<string, Record<string, string>>;
  files: Array<{ path: string; fileId: string; fileName: string; previewUrl: string }>;
  correcting: boolean;
  reason: string | null;
  enterpriseName: string;
}

interface InfoView {
  enterpriseCode: string;
  enterpriseName: string;
  uniformCreditCode: string | null;
  registered: boolean;
  accountTypeNames: string;
  approvedAt: string | null;
  sections: Array<{
    title: string;
    fields: Array<{ label: string; value: string }>;
    files: Array<{ label: string; files: Array<{ fileName: string; previewUrl: string }> }>;
  }>;
  change: null | {
    id: string;
    status: string;
    statusName: string;
    round: number;
    traderName: string;
    reviews: Array<{ decisionName: string; reason: string | null }>;
    changes: Array<{ section: string; label: string; before: string; after: string }>;
  };
}

const info = async (token = enterpriseAdmin) =>
  (await post<InfoView>('/rest/enterprise/getEnterpriseInfo', {}, token)).envelope;
const changeForm = async (token = enterpriseAdmin) =>
  (await post<ChangeForm>('/rest/enterprise/getChangeForm', {}, token)).envelope;

/**
 * Sends a change request as the form does: the values of `form` with `edits` over them, the
 * files it keeps (by default all), and new file parts.
 */
async function submitChange(
  form: ChangeForm,
  {
    edits = {},
    files = [],
    keep = form.files.map((file) => file.fileId),
    requestId = randomUUID(),
    accountTypeIds = form.accountTypeIds,
    token = enterpriseAdmin,
  }: {
    edits?: Record<string, Record<string, string>>;
    files?: ReadonlyArray<readonly [string, Buffer, string]>;
    keep?: string[];
    requestId?: string;
    accountTypeIds?: string[];
    token?: string;
  } = {},
) {
  const values: Record<string, Record<string, string>> = {};
  for (const [section, fields] of Object.entries(form.values)) values[section] = { ...fields, ...edits[section] };
  const vo = { requestId, accountTypeIds, ...values, keepFileIds: keep };
  const body = new FormData();
  body.append('registerApplyVo', JSON.stringify(vo));
  for (const [field, bytes, name] of files) body.append(field, new Blob([bytes]), name);
  const response = await fetch(`${server.baseUrl}/rest/enterprise/submitChangeApply`, {
    method: 'POST',
    headers: { authorization: token },
    body,
  });
  return (await response.json()) as Envelope<{ applyId: string } & { errors?: Record<string, string> }>;
}

/** The registration of another company, approved: its code, name and administrator's token. */
async function anotherEnterprise(): Promise<{ code: string; name: string; creditCode: string; token: string }> {
  const types = await server.post<{ registerAccountTypeList: Array<{ id: string }> }>(
    '/rest/accountType/getRegisterAccountType',
    {},
  );
  const { vo, name, code } = completeApplication(types.envelope.dataSet!.registerAccountTypeList[0].id);
  const form = new FormData();
  form.append('registerApplyVo', JSON.stringify(vo));
  for (const [field, bytes, fileName] of [...REQUIRED_FILES, ['usbkeyAgentFile', PDF, '委托书.pdf'] as const])
    form.append(field, new Blob([bytes]), fileName);
  const submitted = (await (
    await fetch(`${server.baseUrl}/rest/traderregister/addRegisterApply`, { method: 'POST', body: form })
  ).json()) as Envelope<{ applyId: string }>;
  const id = submitted.dataSet!.applyId;
  const approved = await post<{ enterpriseCode: string }>(
    '/rest/registerReview/approveApply',
    { id, round: 1 },
    reviewer,
  );
  const enterpriseCode = approved.envelope.dataSet!.enterpriseCode;
  const password = /初始密码：([^，]+)，/.exec(lastSms())![1];
  const first = await loginToken(server, { code: enterpriseCode, username: 'admin', password });
  const changed = await post(
    '/rest/user/UpdPwd',
    { oldPassword: password, newPassword: 'Cotton2026new', confirmPassword: 'Cotton2026new' },
    first,
  );
  expect(changed.envelope.rtnCode).toBe('0000');
  const token = await loginToken(server, { code: enterpriseCode, username: 'admin', password: 'Cotton2026new' });
  return { code: enterpriseCode, name, creditCode: code, token };
}

/** The text of the last SMS the log-only sender wrote. */
function lastSms(): string {
  const line = [...server.logs].reverse().find((entry) => typeof entry.content === 'string' && entry.templateCode);
  return String(line?.content ?? '');
}

const field = (view: InfoView, title: string, label: string) =>
  view.sections.find((section) => section.title === title)?.fields.find((item) => item.label === label)?.value;

describe('企业信息', () => {
  it('shows the administrator their enterprise’s registered information as the registration form labels it', async () => {
    const view = await info();
    expect(view.rtnCode).toBe('0000');
    const data = view.dataSet!;
    expect(data).toMatchObject({
      enterpriseCode: DEMO.enterpriseCode,
      enterpriseName: DEMO.enterpriseName,
      registered: true,
      accountTypeNames: '棉花交易商',
      change: null,
    });
    expect(data.approvedAt).not.toBeNull();
    expect(data.sections.map((section) => section.title)).toEqual([
      '企业信息',
      '法定代表人信息',
      '增值税发票信息',
      '联系人信息',
      '电子签章',
    ]);
    expect(field(data, '企业信息', '企业名称')).toBe(DEMO.enterpriseName);
    expect(field(data, '企业信息', '所属服务区域')).toBe('乌鲁木齐办事处');
    expect(field(data, '企业信息', '企业类型')).toBe('轧花企业');
    expect(field(data, '企业信息', '注册地址')).toBe('新疆维吾尔自治区 / 乌鲁木齐市 / 天山区');
    expect(field(data, '电子签章', '是否申请电子签章')).toBe('否');
  });

  it('is never another enterprise’s, whatever the body names', async () => {
    const other = await anotherEnterprise();
    const [demo] = await server.db
      .select({ id: sysEnterprises.id })
      .from(sysEnterprises)
      .where(eq(sysEnterprises.code, DEMO.enterpriseCode));
    const theirs = await post<InfoView>(
      '/rest/enterprise/getEnterpriseInfo',
      { enterpriseId: demo.id, id: demo.id, enterpriseCode: DEMO.enterpriseCode },
      other.token,
    );
    expect(theirs.envelope.dataSet).toMatchObject({ enterpriseCode: other.code, enterpriseName: other.name });
    expect(JSON.stringify(theirs.envelope.dataSet)).not.toContain(DEMO.enterpriseName);
    // Their files are previewable by their administrator.
    const licence = theirs.envelope.dataSet!.sections[0].files[0].files[0];
    expect((await server.get(licence.previewUrl)).status).toBe(200);
    const form = await changeForm(other.token);
    expect(form.dataSet!.values.traderInfo.traderName).toBe(other.name);
    expect(form.dataSet!.files.map((file) => file.path).sort()).toEqual([
      'lrInfo.lrCertificateId',
      'traderInfo.copyBusinessLicenseId',
      'usbkeyInfo.usbkeyAgentFile',
      'vtaInvoiceInfo.feeId',
    ]);
  });

  it('tells the centre’s own enterprise it has no registration', async () => {
    const admin = await loginToken(server, ADMIN);
    const view = await info(admin);
    expect(view.dataSet).toMatchObject({ enterpriseCode: 'CNCE', registered: false, sections: [], change: null });
    expect((await changeForm(admin)).rtnMessage).toBe('本企业没有注册信息，不能提交变更申请');
  });

  it('refuses users without the permissions (403)', async () => {
    for (const credentials of [EDITOR, REVIEWER]) {
      const token = await loginToken(server, credentials);
      expect((await info(token)).rtnCode).toBe('403');
      expect((await changeForm(token)).rtnCode).toBe('403');
      const form = (await changeForm()).dataSet!;
      expect((await submitChange(form, { token, files: REQUIRED_FILES })).rtnCode).toBe('403');
    }
    const anonymous = await server.post('/rest/enterprise/getEnterpriseInfo', {});
    expect(anonymous.envelope.rtnCode).toBe('401');
  });
});

describe('变更申请', () => {
  const newName = `新疆天山棉业集团有限公司${randomUUID().slice(0, 4)}`;
  let changeId = '';

  it('checks the request as a registration: every field, the files, the name and code free', async () => {
    const form = (await changeForm()).dataSet!;
    expect(form).toMatchObject({ correcting: false, reason: null, enterpriseName: DEMO.enterpriseName });
    // The seeded registration has no files: the required ones must come with the request.
    const bare = await submitChange(form, { edits: { traderInfo: { postcode: '0123' } } });
    expect(bare.rtnCode).toBe('400');
    expect(bare.dataSet!.errors).toMatchObject({
      'traderInfo.postcode': '请输入正确格式的邮编',
      'traderInfo.copyBusinessLicenseId': expect.any(String),
      'lrInfo.lrCertificateId': expect.any(String),
      'vtaInvoiceInfo.feeId': expect.any(String),
    });
    const other = await anotherEnterprise();
    const takenName = await submitChange(form, {
      edits: { traderInfo: { traderName: other.name } },
      files: REQUIRED_FILES,
    });
    expect(takenName.dataSet!.errors).toEqual({ 'traderInfo.traderName': '该企业名称已注册，请勿重复注册' });
    const pendingCode = creditCode(SEED_REGISTER_APPLIES[0].prefix);
    const takenCode = await submitChange(form, {
      edits: {
        traderInfo: { uniformCreditCode: pendingCode },
        vtaInvoiceInfo: { taxpayerIdentificationNumber: pendingCode },
      },
      files: REQUIRED_FILES,
    });
    expect(takenCode.dataSet!.errors).toEqual({
      'traderInfo.uniformCreditCode': '该统一社会信用代码已提交注册申请，正在审核中',
    });
    const otherTypes = await submitChange(form, { accountTypeIds: ['2'], files: REQUIRED_FILES });
    expect(otherTypes.rtnMessage).toBe('变更申请不能更改账户类型');
    // The form's rules of issue 30: region chains, no hidden characters, the offered office.
    const unfit = await submitChange(form, {
      edits: {
        traderInfo: {
          traderRegisteredAddress: '110000,410100,410102',
          traderMailingAddress: '410000',
          traderName: `${DEMO.enterpriseName}\u202e`,
          serviceAreaCode: 'HQ',
        },
      },
      files: REQUIRED_FILES,
    });
    expect(unfit.dataSet!.errors).toEqual({
      'traderInfo.traderName': '企业名称不能包含不可见字符或文字方向控制字符，请删除后重新输入',
      'traderInfo.serviceAreaCode': '请选择所属服务区域',
      'traderInfo.traderRegisteredAddress': '注册地址的省、市、区县不对应，请重新选择',
      'traderInfo.traderMailingAddress': '请完整选择通讯地址（省、市、区县）',
    });
    const foreignFile = await submitChange(form, { keep: ['0123456789abcdef0123456789abcdef'], files: REQUIRED_FILES });
    expect(foreignFile.rtnMessage).toBe('保留的文件不属于该申请，请刷新页面后重新填写');
    expect(
      await server.db
        .select()
        .from(registerApplies)
        .where(and(eq(registerApplies.kind, 'change'), eq(registerApplies.traderName, DEMO.enterpriseName))),
    ).toEqual([]);
  });

  it('stores one request of a double submission and one open request at a time', async () => {
    const form = (await changeForm()).dataSet!;
    const requestId = randomUUID();
    const edits = { traderInfo: { traderName: newName }, contacterInfo: { contacterEmail: 'new@tianshan.example.cn' } };
    const twice = await Promise.all([
      submitChange(form, { edits, files: REQUIRED_FILES, requestId }),
      submitChange(form, { edits, files: REQUIRED_FILES, requestId }),
    ]);
    expect(twice.map((answer) => answer.rtnCode).sort()).toEqual(['0000', '400']);
    expect(twice.find((answer) => answer.rtnCode === '400')!.rtnMessage).toBe('请勿重复提交');
    changeId = twice.find((answer) => answer.rtnCode === '0000')!.dataSet!.applyId;
    const another = await submitChange(form, { files: REQUIRED_FILES });
    expect(another.rtnMessage).toBe('本企业已有待审核的变更申请，请等待审核结果');
    expect((await changeForm()).rtnMessage).toBe('本企业已有待审核的变更申请，请等待审核结果');
    const rows = await server.db.select().from(registerApplies).where(eq(registerApplies.kind, 'change'));
    expect(rows.filter((row) => row.traderName === newName)).toHaveLength(1);

    // The new name is held for it: nobody registers it meanwhile.
    const check = await server.post('/rest/traderregister/checkTraderName', { traderName: newName });
    expect(check.envelope).toMatchObject({ rtnCode: '504', rtnMessage: '该企业名称已提交注册申请，正在审核中' });

    const view = (await info()).dataSet!;
    expect(view.enterpriseName).toBe(DEMO.enterpriseName);
    expect(view.change).toMatchObject({ id: changeId, status: '0', statusName: '待审核', round: 1, reviews: [] });
    expect(view.change!.changes).toEqual(
      expect.arrayContaining([
        { section: '企业信息', label: '企业名称', before: DEMO.enterpriseName, after: newName },
        { section: '联系人信息', label: '联系人邮箱', before: DEMO.email, after: 'new@tianshan.example.cn' },
        { section: '企业信息', label: '营业执照复印件', before: '', after: '营业执照.png' },
      ]),
    );
  });

  it('is listed in 注册审核 as a 变更申请, with what it changes, and returned with a reason', async () => {
    const page = await post<{ pagination: { result: Array<Record<string, unknown>> } }>(
      '/rest/registerReview/getApplyPage',
      { pageNum: 1, pageSize: 10, filters: { kind: 'change', status: '0' } },
      reviewer,
    );
    expect(page.envelope.dataSet!.pagination.result).toEqual([
      expect.objectContaining({ id: changeId, kind: 'change', traderName: newName, accountTypeNames: '棉花交易商' }),
    ]);
    const registrations = await post<{ pagination: { result: Array<{ kind: string }> } }>(
      '/rest/registerReview/getApplyPage',
      { pageNum: 1, pageSize: 50, filters: { kind: 'register' } },
      reviewer,
    );
    expect(registrations.envelope.dataSet!.pagination.result.every((row) => row.kind === 'register')).toBe(true);

    const detail = await post<{
      kind: string;
      enterpriseCode: string;
      enterpriseName: string;
      changes: Array<{ label: string; before: string; after: string }>;
      sections: Array<{ title: string }>;
    }>('/rest/registerReview/getApplyDetail', { id: changeId }, reviewer);
    expect(detail.envelope.dataSet).toMatchObject({
      kind: 'change',
      enterpriseCode: DEMO.enterpriseCode,
      enterpriseName: DEMO.enterpriseName,
    });
    expect(detail.envelope.dataSet!.changes).toContainEqual(
      expect.objectContaining({ label: '企业名称', before: DEMO.enterpriseName, after: newName }),
    );

    const returned = await post(
      '/rest/registerReview/returnApply',
      { id: changeId, round: 1, reason: '营业执照复印件须加盖公章' },
      reviewer,
    );
    expect(returned.envelope.rtnCode).toBe('0000');
    expect(lastSms()).toBe(
      `您提交的「${newName}」企业信息变更申请需补正：营业执照复印件须加盖公章。请登录门户在「企业管理 › 企业信息」修改后重新提交。`,
    );
    const [sms] = await server.db.select().from(sysSmsLog).where(eq(sysSmsLog.templateCode, 'CHANGE_RETURNED'));
    expect(sms.mobile).toBe(DEMO.phone);
    const view = (await info()).dataSet!;
    expect(view.change).toMatchObject({
      status: '3',
      statusName: '退回修改',
      reviews: [expect.objectContaining({ decisionName: '退回修改', reason: '营业执照复印件须加盖公章' })],
    });
  });

  it('is corrected and resubmitted; approving the round read applies it to the enterprise', async () => {
    const form = (await changeForm()).dataSet!;
    expect(form).toMatchObject({ correcting: true, reason: '营业执照复印件须加盖公章' });
    expect(form.values.traderInfo.traderName).toBe(newName);
    expect(form.files.map((file) => file.path).sort()).toEqual([
      'lrInfo.lrCertificateId',
      'traderInfo.copyBusinessLicenseId',
      'vtaInvoiceInfo.feeId',
    ]);
    const stamped = Buffer.concat([PNG, Buffer.from('stamped')]);
    const licence = form.files.find((file) => file.path === 'traderInfo.copyBusinessLicenseId')!;
    const resubmitted = await submitChange(form, {
      keep: form.files.filter((file) => file !== licence).map((file) => file.fileId),
      files: [['copyBusinessLicenseFile', stamped, '营业执照（盖章）.png']],
    });
    expect(resubmitted.rtnCode).toBe('0000');
    expect(resubmitted.dataSet!.applyId).toBe(changeId);

    const stale = await post('/rest/registerReview/approveApply', { id: changeId, round: 1 }, reviewer);
    expect(stale.envelope.rtnMessage).toBe('该申请已重新提交，请刷新后查看');
    const approved = await post<{ kind: string; enterpriseCode: string }>(
      '/rest/registerReview/approveApply',
      { id: changeId, round: 2 },
      reviewer,
    );
    expect(approved.envelope.dataSet).toEqual({ kind: 'change', enterpriseCode: DEMO.enterpriseCode, loginName: '' });
    expect(lastSms()).toBe(`您提交的「${newName}」企业信息变更申请已审核通过，新的企业信息已生效。`);

    const [enterprise] = await server.db
      .select()
      .from(sysEnterprises)
      .where(eq(sysEnterprises.code, DEMO.enterpriseCode));
    expect(enterprise).toMatchObject({ name: newName, registerApplyId: Number(changeId) });
    const view = (await info()).dataSet!;
    expect(view).toMatchObject({ enterpriseName: newName, change: { status: '1', statusName: '审核通过', round: 2 } });
    expect(field(view, '企业信息', '企业名称')).toBe(newName);
    expect(field(view, '联系人信息', '联系人邮箱')).toBe('new@tianshan.example.cn');
    expect(view.sections[0].files[0].files.map((file) => file.fileName)).toEqual(['营业执照（盖章）.png']);
    // The session shows the enterprise by its new name.
    const init = await post<{ enterprise: { name: string } }>('/rest/auth/init', {}, enterpriseAdmin);
    expect(init.envelope.dataSet!.enterprise.name).toBe(newName);
    const audit = await server.db
      .select()
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.entity, 'register_apply'), eq(sysAuditLog.entityId, changeId)));
    expect(audit.map((row) => row.action)).toEqual(['change.submit', 'return', 'change.resubmit', 'approve']);
    // Its new name is the enterprise's now; its old one too is still its own to take back.
    const check = await server.post('/rest/traderregister/checkTraderName', { traderName: newName });
    expect(check.envelope.rtnMessage).toBe('该企业名称已注册，请勿重复注册');
    const back = await submitChange((await changeForm()).dataSet!, {
      edits: { traderInfo: { traderName: DEMO.enterpriseName } },
    });
    expect(back.rtnCode).toBe('0000');
    const rejected = await post(
      '/rest/registerReview/rejectApply',
      { id: back.dataSet!.applyId, round: 1, reason: '名称变更须附工商变更通知书' },
      reviewer,
    );
    expect(rejected.envelope.rtnCode).toBe('0000');
  });

  it('is rejected with a reason, which frees the name it asked for', async () => {
    const form = (await changeForm()).dataSet!;
    const asked = `天山棉业（新疆）有限公司${randomUUID().slice(0, 4)}`;
    const code = newCreditCode();
    const sent = await submitChange(form, {
      edits: {
        traderInfo: { traderName: asked, uniformCreditCode: code },
        vtaInvoiceInfo: { taxpayerIdentificationNumber: code },
      },
    });
    expect(sent.rtnCode).toBe('0000');
    const id = sent.dataSet!.applyId;
    expect(
      (await post('/rest/registerReview/rejectApply', { id, round: 1, reason: ' ' }, reviewer)).envelope.rtnMessage,
    ).toBe('请填写原因');
    const rejected = await post('/rest/registerReview/rejectApply', { id, round: 1, reason: '无变更依据' }, reviewer);
    expect(rejected.envelope.rtnCode).toBe('0000');
    expect(lastSms()).toBe(`您提交的「${asked}」企业信息变更申请未通过审核：无变更依据。`);
    const view = (await info()).dataSet!;
    expect(view.change).toMatchObject({
      status: '2',
      reviews: [expect.objectContaining({ decisionName: '审核驳回', reason: '无变更依据' })],
    });
    expect(view.enterpriseName).not.toBe(asked);
    const check = await server.post('/rest/traderregister/checkTraderName', { traderName: asked });
    expect(check.envelope.rtnCode).toBe('0000');
  });

  it('is decided once when two reviewers decide at the same moment', async () => {
    const sent = await submitChange((await changeForm()).dataSet!, {
      edits: { contacterInfo: { contacterEmail: 'again@tianshan.example.cn' } },
    });
    const id = sent.dataSet!.applyId;
    const second = await loginToken(server, REVIEWER);
    const answers = await Promise.all([
      post('/rest/registerReview/approveApply', { id, round: 1 }, reviewer),
      post('/rest/registerReview/rejectApply', { id, round: 1, reason: '信息不全' }, second),
    ]);
    expect(answers.map((answer) => answer.envelope.rtnCode).sort()).toEqual(['0000', '400']);
    expect(answers.find((answer) => answer.envelope.rtnCode === '400')!.envelope.rtnMessage).toBe(
      '该申请已由其他审核人处理，请刷新后查看',
    );
    const [row] = await server.db
      .select()
      .from(registerApplies)
      .where(eq(registerApplies.id, Number(id)));
    expect(['1', '2']).toContain(row.status);
  });
});

describe('migration 0039', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openSeededTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const CODES = ['enterprise:info:view', 'enterprise:info:change'];
  async function grants() {
    return database.db
      .select({ role: sysRoles.code, code: sysPermissions.code })
      .from(sysRolePermissions)
      .innerJoin(sysPermissions, eq(sysPermissions.id, sysRolePermissions.permissionId))
      .innerJoin(sysRoles, eq(sysRoles.id, sysRolePermissions.roleId))
      .where(inArray(sysPermissions.code, CODES));
  }

  it('adds 企业管理 › 企业信息, its change page and button, and the grants, once — also beside another 企业管理', async () => {
    const statements = readFileSync(join(MIGRATIONS_FOLDER, '0039_enterprise_change.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*(?:--[^\n]*\n\s*)*(INSERT|UPDATE)/i.test(statement));
    await database.db.delete(sysPermissions).where(sql`${sysPermissions.path} like '/enterprise%'`);
    await database.db.delete(sysPermissions).where(inArray(sysPermissions.code, CODES));
    // Another migration (用户管理, 0037) made the group first.
    await database.db.insert(sysPermissions).values({ type: 'menu', name: '企业管理', path: '/enterprise', sort: 900 });
    for (let run = 0; run < 2; run += 1)
      for (const statement of statements) await database.db.execute(sql.raw(statement));
    const groups = await database.db.select().from(sysPermissions).where(eq(sysPermissions.path, '/enterprise'));
    expect(groups).toHaveLength(1);
    const [menu] = await database.db
      .select()
      .from(sysPermissions)
      .where(eq(sysPermissions.code, 'enterprise:info:view'));
    expect(menu).toMatchObject({
      parentId: groups[0].id,
      path: '/enterprise/info',
      componentPath: 'enterprise/EnterpriseInfo',
    });
    const children = await database.db.select().from(sysPermissions).where(eq(sysPermissions.parentId, menu.id));
    expect(
      children
        .map(({ type, name, code, hidden }) => ({ type, name, code, hidden }))
        .sort((a, b) => a.type.localeCompare(b.type)),
    ).toEqual([
      { type: 'button', name: '变更申请', code: 'enterprise:info:change', hidden: false },
      { type: 'menu', name: '企业信息变更申请', code: null, hidden: true },
    ]);
    const rows = await grants();
    // 系统管理员 holds them through its flag (0037); the sub-accounts' role reads 企业信息.
    expect(rows.map((row) => `${row.role} ${row.code}`).sort()).toEqual(
      [
        ...['enterprise_admin', 'trader_admin'].flatMap((role) => CODES.map((code) => `${role} ${code}`)),
        'enterprise_staff enterprise:info:view',
      ].sort(),
    );
  });
});
