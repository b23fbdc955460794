import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sysAuditLog,
  sysOperationLog,
  sysRoles,
  sysSmsLog,
  sysSmsTemplates,
  sysUserRoles,
  sysUsers,
} from '../src/db/schema/index';
import { SENDS_PER_WINDOW } from '../src/modules/sms-template/service';
import { SYSTEM_SMS_TEMPLATES } from '../src/modules/sms/templates';
import { ADMIN, EDITOR, loginToken, REVIEWER } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';
import { startFakeSmsGateway, type FakeSmsGateway } from './sms-gateway';

/** 通知公告, 我的消息 and 短信模板 (docs/architecture.md "Notices", "SMS templates"). */

let server: TestServer;
let gateway: FakeSmsGateway;
let admin: string;
let reviewer: string;
let editor: string;

interface HeaderNotice {
  unreadCount: number;
  latest: Array<{ id: string; title: string; content: string; read: boolean }>;
}

const post = <T = unknown>(path: string, body: unknown, token: string = admin) =>
  server.post<T>(path, body, { authorization: token });

async function roleId(code: string): Promise<string> {
  const [role] = await server.db.select({ id: sysRoles.id }).from(sysRoles).where(eq(sysRoles.code, code));
  return String(role!.id);
}

async function header(token: string): Promise<HeaderNotice> {
  const answer = await post<HeaderNotice>('/rest/noticeService/getHeaderNotice', {}, token);
  expect(answer.envelope.rtnCode).toBe('0000');
  return answer.envelope.dataSet;
}

/** A notice added and published by the administrator; its id. */
async function publish(body: Record<string, unknown>): Promise<string> {
  const added = await post<{ id: string }>('/rest/noticeService/addNotice', { type: '1', content: '正文', ...body });
  expect(added.envelope.rtnCode).toBe('0000');
  const id = added.envelope.dataSet.id;
  const published = await post('/rest/noticeService/updateStatus', { id, status: '1' });
  expect(published.envelope.rtnCode).toBe('0000');
  return id;
}

beforeAll(async () => {
  gateway = await startFakeSmsGateway();
  server = await startTestServer({ config: { smsGatewayUrl: gateway.url } });
  [admin, reviewer, editor] = await Promise.all([
    loginToken(server, ADMIN),
    loginToken(server, REVIEWER),
    loginToken(server, EDITOR),
  ]);
});
afterAll(async () => {
  await server?.close();
  await gateway?.close();
});

describe('notices', () => {
  it('shows a notice published to a role to its holders only, and keeps a draft from everyone', async () => {
    const before = await header(reviewer);
    const draft = await post<{ id: string }>('/rest/noticeService/addNotice', {
      title: '草稿通知',
      content: '尚未发布',
      type: '1',
      audience: 'all',
    });
    expect((await header(reviewer)).unreadCount).toBe(before.unreadCount);
    const id = await publish({
      title: '审核员例会',
      content: '周五\n下午三点',
      audience: 'roles',
      roleIds: [await roleId('reviewer')],
    });

    const seen = await header(reviewer);
    expect(seen.unreadCount).toBe(before.unreadCount + 1);
    expect(seen.latest[0]).toMatchObject({ id, title: '审核员例会', content: '周五\n下午三点', read: false });
    expect((await header(editor)).latest.map((notice) => notice.id)).not.toContain(id);

    const detail = await post<{ title: string; roles: unknown[] }>(
      '/rest/noticeService/getNoticeById',
      { id },
      reviewer,
    );
    expect(detail.envelope.dataSet).toMatchObject({ title: '审核员例会', roles: [] });
    const hidden = await post('/rest/noticeService/getNoticeById', { id }, editor);
    expect(hidden.envelope).toMatchObject({ rtnCode: '404', rtnMessage: '通知不存在或已删除' });
    const draftHidden = await post('/rest/noticeService/getNoticeById', { id: draft.envelope.dataSet.id }, reviewer);
    expect(draftHidden.envelope.rtnCode).toBe('404');
    const asAdmin = await post<{ roles: Array<{ name: string }> }>('/rest/noticeService/getNoticeById', { id });
    expect(asAdmin.envelope.dataSet.roles).toEqual([expect.objectContaining({ name: '注册审核员' })]);
  });

  it('resolves roles when read: a user given the role later sees the notice', async () => {
    const id = await publish({ title: '内容编辑须知', audience: 'roles', roleIds: [await roleId('editor')] });
    const [reviewerUser] = await server.db
      .select({ id: sysUsers.id })
      .from(sysUsers)
      .where(eq(sysUsers.loginName, 'reviewer'));
    expect((await header(reviewer)).latest.map((notice) => notice.id)).not.toContain(id);
    await server.db.insert(sysUserRoles).values({ userId: reviewerUser!.id, roleId: Number(await roleId('editor')) });
    const mine = await post<{ pagination: { result: Array<{ id: string }> } }>(
      '/rest/noticeService/getNoticeByUserPage',
      { pageNum: 1, pageSize: 10 },
      reviewer,
    );
    expect(mine.envelope.dataSet.pagination.result.map((notice) => notice.id)).toContain(id);
    await server.db
      .delete(sysUserRoles)
      .where(and(eq(sysUserRoles.userId, reviewerUser!.id), eq(sysUserRoles.roleId, Number(await roleId('editor')))));
    expect((await header(reviewer)).latest.map((notice) => notice.id)).not.toContain(id);
  });

  it('marks read one notice, then all; the read filter follows', async () => {
    const first = await publish({ title: '全员通知一', audience: 'all' });
    const second = await publish({ title: '全员通知二', audience: 'all' });
    const start = (await header(editor)).unreadCount;
    const one = await post<{ updated: number }>('/rest/noticeService/updateReadStatus', { ids: first }, editor);
    expect(one.envelope.dataSet.updated).toBe(1);
    expect((await header(editor)).unreadCount).toBe(start - 1);
    const read = await post<{ pagination: { result: Array<{ id: string; read: boolean }> } }>(
      '/rest/noticeService/getNoticeByUserPage',
      { read: '1', pageNum: 1, pageSize: 10 },
      editor,
    );
    expect(read.envelope.dataSet.pagination.result).toEqual([expect.objectContaining({ id: first, read: true })]);
    await post('/rest/noticeService/updateReadStatus', { all: true }, editor);
    expect((await header(editor)).unreadCount).toBe(0);
    // The administrator has not read them: read state is per user.
    expect((await header(admin)).latest.map((notice) => notice.id)).toEqual(expect.arrayContaining([first, second]));
    const nothing = await post('/rest/noticeService/updateReadStatus', {}, editor);
    expect(nothing.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '请选择要标记为已读的消息' });
  });

  it('withdraws: the notice leaves the users’ lists; only a withdrawn one may be edited', async () => {
    const id = await publish({ title: '将撤回', audience: 'all' });
    const editPublished = await post('/rest/noticeService/updNotice', {
      id,
      title: '改',
      content: '改',
      type: '1',
      audience: 'all',
    });
    expect(editPublished.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '已发布的通知不能修改，请先撤回' });
    expect((await post('/rest/noticeService/updateStatus', { id, status: '2' })).envelope.rtnCode).toBe('0000');
    expect((await header(reviewer)).latest.map((notice) => notice.id)).not.toContain(id);
    const edited = await post('/rest/noticeService/updNotice', {
      id,
      title: '已修改',
      content: '新正文',
      type: '2',
      audience: 'all',
    });
    expect(edited.envelope.rtnCode).toBe('0000');
    const again = await post<{ updated: number }>('/rest/noticeService/SyncNoticeByIds', { ids: id });
    expect(again.envelope.dataSet.updated).toBe(1);
    expect((await header(reviewer)).latest.find((notice) => notice.id === id)).toMatchObject({ title: '已修改' });

    const audit = await server.db
      .select({ action: sysAuditLog.action })
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.entity, 'notice'), eq(sysAuditLog.entityId, id)))
      .orderBy(sysAuditLog.id);
    expect(audit.map((row) => row.action)).toEqual([
      'notice.add',
      'notice.publish',
      'notice.withdraw',
      'notice.update',
      'notice.publish',
    ]);
    const deleted = await post<{ deleted: number }>('/rest/noticeService/deleteNoticeByIds', { ids: id });
    expect(deleted.envelope.dataSet.deleted).toBe(1);
    expect((await header(reviewer)).latest.map((notice) => notice.id)).not.toContain(id);
  });

  it('refuses other users the admin calls, and bad input with a Chinese message', async () => {
    const denied = await post(
      '/rest/noticeService/addNotice',
      { title: 't', content: 'c', type: '1', audience: 'all' },
      reviewer,
    );
    expect(denied.envelope).toMatchObject({ rtnCode: '403', rtnMessage: '没有权限访问该功能' });
    const page = await post('/rest/noticeService/getNoticeByPage', { pageNum: 1, pageSize: 10 }, editor);
    expect(page.envelope.rtnCode).toBe('403');
    const noRoles = await post('/rest/noticeService/addNotice', {
      title: 't',
      content: 'c',
      type: '1',
      audience: 'roles',
      roleIds: [],
    });
    expect(noRoles.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '请选择接收角色' });
    const missing = await post('/rest/noticeService/addNotice', {
      title: 't',
      content: 'c',
      type: '1',
      audience: 'users',
      userIds: ['999999'],
    });
    expect(missing.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '所选的接收用户有的已不存在，请重新选择' });
    const long = await post('/rest/noticeService/addNotice', {
      title: '长'.repeat(101),
      content: 'c',
      type: '1',
      audience: 'all',
    });
    expect(long.envelope.rtnCode).toBe('400');
    expect(long.envelope.rtnMessage).toContain('标题');
    const blank = await post('/rest/noticeService/addNotice', {
      title: '  ',
      content: 'c',
      type: '1',
      audience: 'all',
    });
    expect(blank.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '请输入标题' });
    const sorted = await post('/rest/noticeService/getNoticeByPage', {
      pageNum: 1,
      pageSize: 10,
      sort: { field: 'content', order: 'asc' },
    });
    expect(sorted.envelope.rtnCode).toBe('400');
  });

  it('lists, filters and exports for the administrator', async () => {
    await publish({ title: '导出用的公告', audience: 'all', type: '2' });
    const page = await post<{ pagination: { result: Array<{ title: string; status: string }>; totalCount: number } }>(
      '/rest/noticeService/getNoticeByPage',
      { pageNum: 1, pageSize: 10, filters: { title: '导出用', status: '1' } },
    );
    expect(page.envelope.dataSet.pagination.result).toEqual([
      expect.objectContaining({ title: '导出用的公告', status: '1' }),
    ]);
    const response = await fetch(`${server.baseUrl}/rest/noticeService/exportNoticeXls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: admin },
      body: JSON.stringify({ pageNum: 1, pageSize: 10, filters: { title: '导出用' } }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});

describe('SMS templates', () => {
  const add = (body: Record<string, unknown>) =>
    post<{ id: string }>('/rest/templateService/addTemplate', { name: '测试模板', enabled: true, ...body });

  it('checks the placeholders against the declared variables', async () => {
    const undeclared = await add({ code: 'T_UNDECLARED', content: '您好${name}，单号${orderNo}', variables: ['name'] });
    expect(undeclared.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '模板内容使用了未声明的变量：orderNo' });
    const unused = await add({ code: 'T_UNUSED', content: '您好${name}', variables: ['name', 'extra'] });
    expect(unused.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '声明的变量未在模板内容中使用：extra' });
    const unclosed = await add({ code: 'T_UNCLOSED', content: '您好${name', variables: ['name'] });
    expect(unclosed.envelope.rtnCode).toBe('400');
    expect(unclosed.envelope.rtnMessage).toContain('缺少对应的“}”');
    const badName = await add({ code: 'T_BADNAME', content: '您好${1x}', variables: [] });
    expect(badName.envelope.rtnCode).toBe('400');
    const good = await add({
      code: 'ARRIVAL',
      content: '${name}您好，您的批次${batch}已到库。',
      variables: ['name', 'batch'],
    });
    expect(good.envelope.rtnCode).toBe('0000');
    const taken = await add({ code: 'arrival', content: '${name}', variables: ['name'] });
    expect(taken.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '该模板编码已被使用，请更换' });
  });

  it('sends with exactly the declared variables, through the gateway, into the SMS log', async () => {
    await add({ code: 'PICKUP', content: '${name}您好，提货码${code}。', variables: ['name', 'code'] });
    const send = (variables: Record<string, string>) =>
      post<{ status: string; content: string }>('/rest/templateService/sendMsg', {
        code: 'PICKUP',
        mobile: '13900001111',
        variables,
      });
    const missing = await send({ name: '王' });
    expect(missing.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '缺少模板变量的值：code' });
    const unknown = await send({ name: '王', code: '9876', other: 'x' });
    expect(unknown.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '模板未声明这些变量：other' });
    const sent = await send({ name: '王', code: '987654' });
    expect(sent.envelope.dataSet).toEqual({ status: '1', content: '王您好，提货码******。' });
    expect(gateway.messages.at(-1)).toMatchObject({
      mobile: '13900001111',
      templateCode: 'PICKUP',
      content: '王您好，提货码987654。',
    });
    const [logged] = await server.db.select().from(sysSmsLog).orderBy(desc(sysSmsLog.id)).limit(1);
    expect(logged).toMatchObject({ templateCode: 'PICKUP', content: '王您好，提货码******。' });
    // 操作日志 keeps the template's code and masks the typed code.
    const [operation] = await server.db
      .select({ params: sysOperationLog.params })
      .from(sysOperationLog)
      .where(and(eq(sysOperationLog.url, '/rest/templateService/sendMsg'), eq(sysOperationLog.success, true)))
      .orderBy(desc(sysOperationLog.id))
      .limit(1);
    expect(JSON.parse(operation.params!)).toMatchObject({ code: 'PICKUP', variables: { name: '王', code: '******' } });

    // At most 10 sends per user in 10 minutes (one is above).
    const more = [];
    for (let index = 0; index < SENDS_PER_WINDOW; index++) more.push(await send({ name: '王', code: '111111' }));
    expect(more.slice(0, -1).every((answer) => answer.envelope.rtnCode === '0000')).toBe(true);
    expect(more.at(-1)!.envelope).toMatchObject({
      rtnCode: '429',
      rtnMessage: '发送过于频繁：每 10 分钟最多发送 10 条短信，请稍后再试',
    });
    const denied = await post(
      '/rest/templateService/sendMsg',
      { code: 'PICKUP', mobile: '13900001111', variables: {} },
      reviewer,
    );
    expect(denied.envelope.rtnCode).toBe('403');
  });

  it('keeps the system templates: not deleted, not disabled, variables fixed', async () => {
    const [login] = await server.db.select().from(sysSmsTemplates).where(eq(sysSmsTemplates.code, 'LOGIN_CODE'));
    expect(login).toMatchObject({ system: true, enabled: true, content: SYSTEM_SMS_TEMPLATES.LOGIN_CODE.content });
    const deleted = await post('/rest/templateService/deleteTemplateById', { id: String(login!.id) });
    expect(deleted.envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '模板「登录验证码」由系统的登录或注册短信使用，不能删除',
    });
    const disabled = await post('/rest/templateService/updTemplate', {
      id: String(login!.id),
      name: '登录验证码',
      content: login!.content,
      variables: ['code'],
      enabled: false,
    });
    expect(disabled.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '系统短信使用的模板不能停用' });
    const renamed = await post('/rest/templateService/updTemplate', {
      id: String(login!.id),
      name: '登录验证码',
      content: '验证码${code}',
      variables: ['code', 'name'],
      enabled: true,
    });
    expect(renamed.envelope.rtnCode).toBe('400');
  });

  it('renders the login code message from its template, codes masked in the log whatever the wording', async () => {
    const [login] = await server.db.select().from(sysSmsTemplates).where(eq(sysSmsTemplates.code, 'LOGIN_CODE'));
    const reworded = await post('/rest/templateService/updTemplate', {
      id: String(login!.id),
      name: '登录验证码',
      content: '【棉花交易中心】登录口令 ${code}，请勿告诉他人。',
      variables: ['code'],
      enabled: true,
    });
    expect(reworded.envelope.rtnCode).toBe('0000');
    const answer = await server.post('/account/sms', { mobile: '13800000001' });
    expect(answer.envelope.rtnCode).toBe('0000');
    const message = gateway.messages.at(-1)!;
    expect(message.templateCode).toBe('LOGIN_CODE');
    expect(message.content).toMatch(/^【棉花交易中心】登录口令 \d{6}，请勿告诉他人。$/);
    const [logged] = await server.db.select().from(sysSmsLog).orderBy(desc(sysSmsLog.id)).limit(1);
    expect(logged!.content).toBe('【棉花交易中心】登录口令 ******，请勿告诉他人。');
    // A template gone (SQL by hand) does not stop the login code: the built-in wording is sent.
    await server.db.delete(sysSmsTemplates).where(eq(sysSmsTemplates.code, 'LOGIN_CODE'));
    await fetch(`${server.baseUrl}/account/sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '13800000002' }),
    });
    expect(gateway.messages.at(-1)!.content).toMatch(/^您的登录验证码为\d{6}，5分钟内有效。/);
  });
});
