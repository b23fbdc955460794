import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginLogRow, OperationLogDetail, OperationLogRow, VisitLogRow } from '@cotton/sdk/contracts';
import { sysAuditLog, sysLoginLog, sysOperationLog, sysVisitLog } from '../src/db/schema/index';
import { isWriteRoute } from '../src/modules/log/operation';
import { maskedParams } from '../src/modules/log/mask';
import { purgeOldLogs, purgeOldLogsJob } from '../src/modules/log/jobs';
import { ADMIN, EDITOR, formLogin, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';

/** 操作日志, 登录日志, 访问日志 (docs/architecture.md "Logs"). */

let server: TestServer;
let admin: string;

type Page<T> = { pagination: { result: T[]; totalCount: number } };
const post = <T>(path: string, body: unknown, token: string = admin) =>
  server.post<T>(path, body, { authorization: token });
const page = async <T>(path: string, body: Record<string, unknown>) => {
  const answer = await post<Page<T>>(path, { pageNum: 1, pageSize: 50, ...body });
  expect(answer.envelope.rtnMessage).toBe('成功');
  return answer.envelope.dataSet.pagination;
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
});
afterAll(async () => {
  await server?.close();
});

describe('操作日志', () => {
  it('records an admin write with who, the action, the outcome, the duration and before / after', async () => {
    const added = await post<{ id: string }>('/rest/postService/addPost', {
      code: 'LOGTEST',
      name: '日志测试岗',
      status: '1',
    });
    expect(added.envelope.rtnCode).toBe('0000');
    const updated = await post('/rest/postService/updPost', {
      id: added.envelope.dataSet.id,
      name: '日志测试岗（改）',
      status: '2',
    });
    expect(updated.envelope.rtnCode).toBe('0000');

    const rows = await page<OperationLogRow>('/rest/log/getOperationLogPage', {
      filters: { loginName: 'admin', url: 'updPost' },
    });
    const row = rows.result[0];
    expect(row).toMatchObject({
      loginName: 'admin',
      action: '岗位管理 · 编辑岗位',
      kind: 'update',
      url: '/rest/postService/updPost',
      success: true,
      message: null,
    });
    expect(row.durationMs).toBeGreaterThanOrEqual(0);

    const detail = await post<OperationLogDetail>('/rest/log/getOperationLogDetail', { id: row.id });
    expect(detail.envelope.dataSet.changes).toEqual([
      expect.objectContaining({
        action: 'post.update',
        before: expect.objectContaining({ name: '日志测试岗', status: '1' }),
        after: expect.objectContaining({ name: '日志测试岗（改）', status: '2' }),
      }),
    ]);
    expect(JSON.parse(detail.envelope.dataSet.params!)).toMatchObject({ name: '日志测试岗（改）' });
    // 详情 is the list's own row (defineList().detail) with the fields the list leaves out.
    expect(detail.envelope.dataSet.row).toEqual(row);
    expect((await post('/rest/log/getOperationLogDetail', { id: '2147483647' })).envelope.rtnCode).toBe('404');
  });

  it('gives the detail its words: the route’s field names, the record’s kind and title, coded values', async () => {
    const site = await post<Record<string, unknown>>('/rest/cmsAdmin/getSite', {});
    const { name, displayName, copyright, filingNumber, hotlines, friendlyLinks } = site.envelope.dataSet as {
      name: string;
      displayName: string;
      copyright: string;
      filingNumber: string;
      hotlines: unknown[];
      friendlyLinks: unknown[];
    };
    const saved = await post('/rest/cmsAdmin/updSite', {
      name,
      displayName,
      copyright,
      filingNumber,
      servicePhone: '400-009-6618',
      hotlines,
      friendlyLinks,
    });
    expect(saved.envelope.rtnCode).toBe('0000');
    const [siteRow] = (await page<OperationLogRow>('/rest/log/getOperationLogPage', { filters: { url: 'updSite' } }))
      .result;
    const siteDetail = (await post<OperationLogDetail>('/rest/log/getOperationLogDetail', { id: siteRow!.id })).envelope
      .dataSet;
    expect(siteDetail.fieldLabels).toMatchObject({ displayName: '显示名称', servicePhone: '客服电话' });

    const banners = await page<{ id: string; title: string }>('/rest/cmsAdmin/getBannerPage', {});
    const banner = banners.result[0]!;
    await post('/rest/cmsAdmin/withdrawContent', { ids: banner.id });
    await post('/rest/cmsAdmin/publishContent', { ids: banner.id });
    const [publishRow] = (
      await page<OperationLogRow>('/rest/log/getOperationLogPage', { filters: { url: 'publishContent' } })
    ).result;
    const publish = (await post<OperationLogDetail>('/rest/log/getOperationLogDetail', { id: publishRow!.id })).envelope
      .dataSet;
    expect(publish.changes[0]).toMatchObject({
      entity: 'cms_content',
      kindName: '轮播图',
      title: banner.title,
      valueLabels: { status: { '1': '已发布', '2': '已撤回' } },
    });
  });

  it('records a refused write with the message the user saw, and never a password', async () => {
    const refused = await post('/rest/postService/addPost', { code: 'LOGTEST', name: '重复的岗位', status: '1' });
    expect(refused.envelope.rtnCode).toBe('400');
    const rows = await page<OperationLogRow>('/rest/log/getOperationLogPage', {
      filters: { url: 'addPost', success: '0' },
    });
    expect(rows.result[0]).toMatchObject({ success: false, message: '该岗位编码已被使用，请更换', kind: 'add' });

    expect(JSON.parse(maskedParams({ loginName: 'x', password: 'Secret@1', newPwd: 'p', smsCode: '123456' })!)).toEqual(
      {
        loginName: 'x',
        password: '******',
        newPwd: '******',
        smsCode: '******',
      },
    );
    // A bare `code` is masked inside a nested record (an SMS's variables), not at the top.
    expect(JSON.parse(maskedParams({ code: 'PICKUP', variables: { code: '987654', name: '王' } })!)).toEqual({
      code: 'PICKUP',
      variables: { code: '******', name: '王' },
    });
  });

  it('covers every protected write route, and only writes', () => {
    const logged = new Set(server.app.operationRoutes.map((route) => `${route.method} ${route.url}`));
    const admin = server.app.protectedRoutes.filter((route) => route.permission !== null);
    for (const route of admin) {
      expect(logged.has(`${route.method} ${route.url}`), `${route.method} ${route.url}`).toBe(
        isWriteRoute(route.method, route.url),
      );
    }
    // The reads the rule leaves out are reads by name; the writes people care about are in.
    for (const url of ['/rest/user/UpdFrozenUser', '/rest/user/exportXls', '/rest/role/saveRolePermissions'])
      expect(logged.has(`POST ${url}`), url).toBe(true);
    for (const url of ['/rest/user/getUserPage', '/rest/log/getOperationLogDetail', '/rest/menu/addMenuView'])
      expect(logged.has(`POST ${url}`), url).toBe(false);
  });

  it('filters by time range and refuses what the list does not allow', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const inRange = await page<OperationLogRow>('/rest/log/getOperationLogPage', {
      filters: { timeFrom: today, timeTo: today },
    });
    expect(inRange.totalCount).toBeGreaterThan(0);
    const before = await page<OperationLogRow>('/rest/log/getOperationLogPage', {
      filters: { timeTo: '2020-01-01' },
    });
    expect(before.totalCount).toBe(0);

    const badSort = await post('/rest/log/getOperationLogPage', {
      pageNum: 1,
      pageSize: 10,
      sort: { field: 'params', order: 'asc' },
    });
    expect(badSort.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '不支持按“params”排序' });
    const badDate = await post('/rest/log/getOperationLogPage', {
      pageNum: 1,
      pageSize: 10,
      filters: { timeFrom: '2026-02-30' },
    });
    expect(badDate.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '“开始日期”应为日期' });
  });

  it('refuses a user without the code', async () => {
    const editor = await loginToken(server, EDITOR);
    for (const url of ['/rest/log/getOperationLogPage', '/rest/log/getLoginLogPage', '/rest/log/getVisitLogPage']) {
      const answer = await post(url, { pageNum: 1, pageSize: 10 }, editor);
      expect(answer.envelope.rtnCode, url).toBe('403');
    }
    const exported = await post('/rest/log/exportLoginLog', { pageNum: 1, pageSize: 10 }, editor);
    expect(exported.envelope.rtnCode).toBe('403');
    // Someone tried: the refusal is an operation of theirs.
    const tried = await page<OperationLogRow>('/rest/log/getOperationLogPage', {
      filters: { loginName: 'editor', url: 'exportLoginLog' },
    });
    expect(tried.result[0]).toMatchObject({ success: false, message: '没有权限访问该功能', kind: 'export' });
  });

  it('exports the list as .xlsx, and does not count a malformed request as an operation', async () => {
    const response = await fetch(`${server.baseUrl}/rest/log/exportOperationLog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: admin },
      body: JSON.stringify({ pageNum: 1, pageSize: 10, filters: { loginName: 'admin' } }),
    });
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);

    const before = (await page<OperationLogRow>('/rest/log/getOperationLogPage', { filters: { url: 'updPost' } }))
      .totalCount;
    const malformed = await post('/rest/postService/updPost', { id: 'x', name: '', status: '9' });
    expect(malformed.envelope.rtnCode).toBe('400');
    const after = (await page<OperationLogRow>('/rest/log/getOperationLogPage', { filters: { url: 'updPost' } }))
      .totalCount;
    expect(after).toBe(before);
  });
});

describe('登录日志', () => {
  it('records each failure with its reason, and a success with the user', async () => {
    await formLogin(server, { ...ADMIN, password: 'Wrong@2026' });
    await formLogin(server, { ...ADMIN, username: 'nobody' });
    await formLogin(server, ADMIN, { agreed: false });

    const rows = await page<LoginLogRow>('/rest/log/getLoginLogPage', { filters: { method: 'form' } });
    const [agreement, unknown, wrong] = rows.result;
    expect(wrong).toMatchObject({ account: 'CNCE/admin', success: false, reason: '密码错误', loginName: 'admin' });
    expect(unknown).toMatchObject({ account: 'CNCE/nobody', success: false, reason: '账号不存在', loginName: null });
    expect(agreement).toMatchObject({ account: 'CNCE/admin', success: false });
    expect(agreement.reason).toMatch(/协议/);

    const successes = await page<LoginLogRow>('/rest/log/getLoginLogPage', {
      filters: { success: '1', loginName: 'admin' },
    });
    expect(successes.result[0]).toMatchObject({ method: 'form', success: true, reason: null, account: 'CNCE/admin' });
  });
});

describe('登录日志 of the other paths', () => {
  it('records a phone login and a single sign-on refused, each with its reason', async () => {
    await fetch(`${server.baseUrl}/sys/phoneLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '13900000077', captcha: '123456', agreed: '1' }),
    });
    // No CAS server is configured in the tests.
    await fetch(`${server.baseUrl}/callback?client_name=cas_client&ticket=ST-1`, { redirect: 'manual' });

    const phone = await page<LoginLogRow>('/rest/log/getLoginLogPage', { filters: { method: 'phone' } });
    expect(phone.result[0]).toMatchObject({ account: '13900000077', success: false });
    expect(phone.result[0].reason).toMatch(/验证码|短信/);
    const cas = await page<LoginLogRow>('/rest/log/getLoginLogPage', { filters: { method: 'cas' } });
    expect(cas.result[0]).toMatchObject({ success: false, reason: '未启用统一认证登录' });
  });
});

describe('访问日志', () => {
  it('records each back-office page opened', async () => {
    const viewed = await post<{ recorded: boolean }>('/rest/menu/addMenuView', { path: '/system/post' });
    expect(viewed.envelope.dataSet.recorded).toBe(true);
    const rows = await page<VisitLogRow>('/rest/log/getVisitLogPage', { filters: { menuName: '岗位' } });
    expect(rows.result[0]).toMatchObject({ loginName: 'admin', menuName: '岗位管理', path: '/system/post' });
  });
});

describe('保留期限', () => {
  it('deletes each kind older than its retention, with the operations’ before / after, and keeps the rest', async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const operationKey = '00000000-0000-4000-8000-000000000001';
    await server.db.insert(sysOperationLog).values({
      operationKey,
      method: 'POST',
      url: '/rest/x/updX',
      kind: 'update',
      success: true,
      durationMs: 1,
      at: daysAgo(40),
    });
    await server.db
      .insert(sysAuditLog)
      .values({ action: 'x.update', entity: 'x', entityId: '1', operationKey, at: daysAgo(40) });
    // Written outside any call (a review, a grant): history, kept however old.
    const [history] = await server.db
      .insert(sysAuditLog)
      .values({ action: 'x.review', entity: 'x', entityId: '1', operationKey: null, at: daysAgo(400) })
      .returning({ id: sysAuditLog.id });
    const [oldLogin, recentLogin] = await server.db
      .insert(sysLoginLog)
      .values([
        { method: 'form', success: false, at: daysAgo(40) },
        { method: 'form', success: false, at: daysAgo(20) },
      ])
      .returning({ id: sysLoginLog.id });
    const [oldVisit] = await server.db
      .insert(sysVisitLog)
      .values({ menuName: '岗位管理', path: '/system/post', at: daysAgo(10) })
      .returning({ id: sysVisitLog.id });

    const purged = await purgeOldLogs(server.db, { operationDays: 30, loginDays: 30, visitDays: 7 }, now);
    expect(purged).toEqual({ operations: 1, audits: 1, logins: 1, visits: 1 });
    expect(
      await server.db.select().from(sysOperationLog).where(eq(sysOperationLog.operationKey, operationKey)),
    ).toEqual([]);
    expect(await server.db.select().from(sysAuditLog).where(eq(sysAuditLog.id, history.id))).toHaveLength(1);
    const logins = await server.db.select({ id: sysLoginLog.id }).from(sysLoginLog);
    expect(logins.map((row) => row.id)).toContain(recentLogin.id);
    expect(logins.map((row) => row.id)).not.toContain(oldLogin.id);
    expect(await server.db.select().from(sysVisitLog).where(eq(sysVisitLog.id, oldVisit.id))).toEqual([]);
    // Today's rows (the tests above) are all kept.
    expect((await page<OperationLogRow>('/rest/log/getOperationLogPage', {})).totalCount).toBeGreaterThan(0);
  });

  it('never keeps less than a week, whatever the task says', async () => {
    const now = new Date();
    const [recent] = await server.db
      .insert(sysLoginLog)
      .values({ method: 'form', success: false, at: new Date(now.getTime() - 3 * 86_400_000) })
      .returning({ id: sysLoginLog.id });
    await purgeOldLogs(server.db, { loginDays: 0 }, now);
    expect(await server.db.select().from(sysLoginLog).where(eq(sysLoginLog.id, recent.id))).toHaveLength(1);
    expect(purgeOldLogsJob).toMatchObject({ name: 'purge-old-logs', defaultCron: '30 3 * * *' });
  });
});
