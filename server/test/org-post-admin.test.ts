import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysAuditLog, sysOrgs, sysUsers } from '../src/db/schema/index';
import { ADMIN, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';
import { downloadExport, tokenHolding } from './list-export';

/** 机构管理 and 岗位管理 (docs/auth.md "Organisations, posts and data permissions"). */

let server: TestServer;
let admin: string;

interface OrgRow {
  id: string;
  parentId: string | null;
  code: string;
  name: string;
  sort: number;
  userCount: number;
}
interface PostRow {
  id: string;
  code: string;
  name: string;
  status: string;
  userCount: number;
}

const post = <T>(path: string, body: unknown, token: string = admin) =>
  server.post<T>(path, body, { authorization: token });

async function orgs(): Promise<OrgRow[]> {
  const answer = await post<{ orgs: OrgRow[] }>('/rest/organ/getOrganTree', {});
  expect(answer.envelope.rtnCode).toBe('0000');
  return answer.envelope.dataSet.orgs;
}
const byCode = async (code: string) => (await orgs()).find((org) => org.code === code)!;
const pathOf = async (id: string) =>
  (
    await server.db
      .select({ path: sysOrgs.path })
      .from(sysOrgs)
      .where(eq(sysOrgs.id, Number(id)))
  )[0]!.path;

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
});
afterAll(async () => {
  await server?.close();
});

describe('机构管理', () => {
  it('answers the seeded tree of the enterprise with each organisation’s users', async () => {
    const all = await orgs();
    const root = all.find((org) => org.code === 'CNCE')!;
    expect(root.parentId).toBeNull();
    const warehouse = all.find((org) => org.code === 'WAREHOUSE')!;
    expect(warehouse.parentId).toBe(root.id);
    expect(all.filter((org) => org.parentId === warehouse.id).map((org) => org.name)).toEqual([
      '新疆监管处',
      '河南监管处',
      '山东监管处',
    ]);
    expect(all.find((org) => org.code === 'IT')).toMatchObject({ name: '信息技术部', userCount: 1 });
  });

  // Issue 31: every organisation answered 1, whoever was in it.
  it('counts the users directly in each organisation, not those of its children', async () => {
    const users = await server.db.select({ orgId: sysUsers.orgId }).from(sysUsers);
    const direct = (id: string) => users.filter((user) => String(user.orgId) === id).length;
    const all = await orgs();
    expect(all.map((org) => [org.code, org.userCount])).toEqual(all.map((org) => [org.code, direct(org.id)]));
    const root = all.find((org) => org.code === 'CNCE')!;
    const added = await post<{ id: string }>('/rest/organ/addOrgan', {
      parentId: root.id,
      code: 'CNT',
      name: '计数组',
    });
    expect(added.envelope.rtnCode).toBe('0000');
    expect((await byCode('CNT')).userCount).toBe(0);
    const [first, second] = await server.db.select({ id: sysUsers.id, orgId: sysUsers.orgId }).from(sysUsers).limit(2);
    for (const user of [first!, second!])
      await server.db
        .update(sysUsers)
        .set({ orgId: Number(added.envelope.dataSet.id) })
        .where(eq(sysUsers.id, user.id));
    expect((await byCode('CNT')).userCount).toBe(2);
    for (const user of [first!, second!])
      await server.db.update(sysUsers).set({ orgId: user.orgId }).where(eq(sysUsers.id, user.id));
    expect((await post('/rest/organ/delOrgan', { id: added.envelope.dataSet.id })).envelope.rtnCode).toBe('0000');
  });

  it('adds under a parent, moves a subtree (its paths follow) and refuses a move under itself', async () => {
    const warehouse = await byCode('WAREHOUSE');
    const added = await post<{ id: string }>('/rest/organ/addOrgan', {
      parentId: warehouse.id,
      code: 'WH-HB',
      name: '河北监管处',
      sort: 4,
    });
    expect(added.envelope.rtnCode).toBe('0000');
    const hebei = added.envelope.dataSet.id;
    const child = await post<{ id: string }>('/rest/organ/addOrgan', {
      parentId: hebei,
      code: 'WH-HB-1',
      name: '石家庄库',
    });
    expect(await pathOf(child.envelope.dataSet.id)).toBe(
      `${await pathOf(warehouse.id)}${hebei}/${child.envelope.dataSet.id}/`,
    );

    const trade = await byCode('TRADE');
    const moved = await post('/rest/organ/updOrgan', {
      id: hebei,
      parentId: trade.id,
      code: 'WH-HB',
      name: '河北监管处',
    });
    expect(moved.envelope.rtnCode).toBe('0000');
    expect(await pathOf(child.envelope.dataSet.id)).toBe(
      `${await pathOf(trade.id)}${hebei}/${child.envelope.dataSet.id}/`,
    );

    const loop = await post('/rest/organ/updOrgan', {
      id: hebei,
      parentId: child.envelope.dataSet.id,
      code: 'WH-HB',
      name: '河北监管处',
    });
    expect(loop.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '不能把机构移到它自己或它的下级机构之下' });

    const [audit] = await server.db.select().from(sysAuditLog).where(eq(sysAuditLog.action, 'org.update'));
    expect(audit).toMatchObject({ entity: 'org', entityId: hebei, loginName: 'admin' });
    expect(audit!.before).toMatchObject({ parentId: Number(warehouse.id) });
    expect(audit!.after).toMatchObject({ parentId: Number(trade.id) });
  });

  it('refuses a code in use, a sibling of the same name, and a parent of another enterprise or none', async () => {
    const it = await byCode('IT');
    expect(
      (await post('/rest/organ/addOrgan', { parentId: it.id, code: 'trade', name: '新部门' })).envelope,
    ).toMatchObject({
      rtnCode: '400',
      rtnMessage: '该机构编码已被使用，请更换',
    });
    const root = await byCode('CNCE');
    expect(
      (await post('/rest/organ/addOrgan', { parentId: root.id, code: 'IT2', name: '信息技术部' })).envelope,
    ).toMatchObject({
      rtnCode: '400',
      rtnMessage: '同一上级机构下已有同名机构，请更换名称',
    });
    expect(
      (await post('/rest/organ/addOrgan', { parentId: '999999', code: 'X1', name: '无主' })).envelope,
    ).toMatchObject({
      rtnCode: '400',
      rtnMessage: '上级机构不存在，请刷新后重试',
    });
    expect((await post('/rest/organ/addOrgan', { code: 'bad code!', name: '坏编码' })).envelope.rtnCode).toBe('400');
  });

  it('refuses to delete an organisation with children or users, and deletes an empty one', async () => {
    const warehouse = await byCode('WAREHOUSE');
    expect((await post('/rest/organ/delOrgan', { id: warehouse.id })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '机构「仓储监管部」下还有下级机构，请先删除或移走下级机构',
    });
    const it = await byCode('IT');
    expect((await post('/rest/organ/delOrgan', { id: it.id })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '机构「信息技术部」下还有 1 名用户，请先在用户管理中调整他们的所属机构',
    });
    const added = await post<{ id: string }>('/rest/organ/addOrgan', {
      parentId: it.id,
      code: 'IT-QA',
      name: '测试组',
    });
    expect((await post('/rest/organ/delOrgan', { id: added.envelope.dataSet.id })).envelope).toMatchObject({
      rtnCode: '0000',
      dataSet: { deleted: 1 },
    });
    expect((await orgs()).some((org) => org.code === 'IT-QA')).toBe(false);
  });
});

describe('机构管理 › 查询 and 批量删除', () => {
  const page = (body: unknown, token = admin) =>
    post<{ pagination: { result: Array<OrgRow & { parentName: string | null }>; totalCount: number } }>(
      '/rest/organ/queryOrganPage',
      body,
      token,
    );
  const codes = async (body: unknown) => {
    const answer = await page(body);
    expect(answer.envelope.rtnCode).toBe('0000');
    return answer.envelope.dataSet.pagination.result.map((org) => org.code);
  };

  it('finds by name or code in one box, across levels, with each one’s parent and users', async () => {
    // By a name: every 监管处 (an earlier test added 河北), each with its parent, in the order asked.
    const found = await page({
      pageNum: 1,
      pageSize: 10,
      filters: { keyword: '监管处' },
      sort: { field: 'code', order: 'asc' },
    });
    const rows = found.envelope.dataSet.pagination.result;
    expect(rows.map((org) => org.code)).toEqual([...rows.map((org) => org.code)].sort());
    expect(rows.map((org) => org.code)).toEqual(expect.arrayContaining(['WH-HN', 'WH-SD', 'WH-XJ']));
    expect(rows.every((org) => org.name.includes('监管处') && org.parentName !== null)).toBe(true);
    // By a code, whatever its case.
    const byCodeText = await page({ pageNum: 1, pageSize: 10, filters: { keyword: 'wh-xj' } });
    expect(byCodeText.envelope.dataSet.pagination.result).toEqual([
      expect.objectContaining({ code: 'WH-XJ', name: '新疆监管处', parentName: '仓储监管部' }),
    ]);
    // A text spanning a code and a name matches neither.
    expect(await codes({ pageNum: 1, pageSize: 10, filters: { keyword: 'WH-XJ新疆' } })).toEqual([]);
  });

  it('pages, sorts by 直属用户数 and follows a super query over the allow-list only', async () => {
    const first = await page({ pageNum: 1, pageSize: 10, sort: { field: 'userCount', order: 'desc' } });
    const all = await orgs();
    expect(first.envelope.dataSet.pagination.totalCount).toBe(all.length);
    const most = Math.max(...all.map((org) => org.userCount));
    expect(first.envelope.dataSet.pagination.result[0]!.userCount).toBe(most);
    const offices = await codes({ pageNum: 1, pageSize: 10, filters: { keyword: '监管处' } });
    const but = await codes({
      pageNum: 1,
      pageSize: 10,
      filters: { keyword: '监管处' },
      superQueryParams: [{ field: 'name', rule: 'ne', value: '河南监管处' }],
      sort: { field: 'name', order: 'asc' },
    });
    expect(offices).toContain('WH-HN');
    expect([...but].sort()).toEqual(offices.filter((code) => code !== 'WH-HN').sort());
    expect((await page({ pageNum: 1, pageSize: 10, filters: { path: '/1/' } })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '不支持按“路径”查询',
    });
    expect((await page({ pageNum: 1, pageSize: 10, sort: { field: 'path', order: 'asc' } })).envelope.rtnCode).toBe(
      '400',
    );
  });

  it('deletes the ticked organisations together, or none when one still has users or children', async () => {
    const it = await byCode('IT');
    const ids: string[] = [];
    for (const [code, name] of [
      ['BD-A', '批删甲组'],
      ['BD-B', '批删乙组'],
    ] as const) {
      const added = await post<{ id: string }>('/rest/organ/addOrgan', { parentId: it.id, code, name });
      expect(added.envelope.rtnCode).toBe('0000');
      ids.push(added.envelope.dataSet.id);
    }
    // 信息技术部 has a user: the batch is refused whole, and names it.
    expect((await post('/rest/organ/delOrganBatch', { ids: [...ids, it.id].join(',') })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: expect.stringContaining('信息技术部'),
    });
    expect((await orgs()).filter((org) => org.code.startsWith('BD-'))).toHaveLength(2);
    expect((await post('/rest/organ/delOrganBatch', { ids: ids.join(',') })).envelope).toMatchObject({
      rtnCode: '0000',
      dataSet: { deleted: 2 },
    });
    expect((await orgs()).some((org) => org.code.startsWith('BD-'))).toBe(false);
    const audit = await server.db.select().from(sysAuditLog).where(eq(sysAuditLog.action, 'org.delete'));
    expect(audit.filter((entry) => ids.includes(String(entry.entityId)))).toHaveLength(2);
    // Holding the list but not 删除机构: refused.
    const reader = await tokenHolding(server, ['system:org:list']);
    expect((await post('/rest/organ/delOrganBatch', { ids: it.id }, reader)).envelope.rtnCode).toBe('403');
    expect((await post('/rest/organ/delOrganBatch', { ids: 'x;drop' })).envelope.rtnCode).toBe('400');
  });
});

describe('机构管理 › 导出', () => {
  const exportOrgs = (body: unknown, token = admin) => downloadExport(server, '/rest/organ/exportXls', body, token);
  const chinaTime = (iso: string) =>
    new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
  let top: OrgRow & { createTime: string };

  beforeAll(async () => {
    const added = await post<{ id: string }>('/rest/organ/addOrgan', { code: 'XOA', name: '导出甲处', sort: 9 });
    expect(added.envelope.rtnCode).toBe('0000');
    const parentId = added.envelope.dataSet.id;
    for (const [code, name, sort] of [
      ['XOB', '导出乙组', 1],
      ['XOC', '导出丙组', 0],
    ] as const) {
      expect((await post('/rest/organ/addOrgan', { parentId, code, name, sort })).envelope.rtnCode).toBe('0000');
    }
    top = (await byCode('XOA')) as OrgRow & { createTime: string };
  });

  it('writes the organisations the filter matches in the tree’s order, with parent, level, path and China time', async () => {
    const answer = await exportOrgs({ filters: { code: 'XO' }, pageNum: 2, pageSize: 10 });
    expect(answer.envelope).toBeNull();
    expect(answer.contentType).toContain('spreadsheetml');
    expect(answer.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('机构列表.xlsx')}`);
    const created = async (code: string) =>
      chinaTime(((await byCode(code)) as OrgRow & { createTime: string }).createTime);
    expect(answer.rows).toEqual([
      ['机构编码', '机构名称', '上级机构', '上级机构编码', '层级', '路径', '排序', '直属用户数', '创建时间'],
      ['XOA', '导出甲处', '', '', '1', '导出甲处', '9', '0', chinaTime(top.createTime)],
      // Siblings by 排序: 丙 (0) before 乙 (1).
      ['XOC', '导出丙组', '导出甲处', 'XOA', '2', '导出甲处 / 导出丙组', '0', '0', await created('XOC')],
      ['XOB', '导出乙组', '导出甲处', 'XOA', '2', '导出甲处 / 导出乙组', '1', '0', await created('XOB')],
    ]);
  });

  it('follows a sort and a super query, writes only the selected rows and the columns shown', async () => {
    const sorted = await exportOrgs({
      filters: { name: '导出' },
      sort: { field: 'code', order: 'desc' },
      superQueryParams: [{ field: 'name', rule: 'ne', value: '导出乙组' }],
      field: 'code',
    });
    expect(sorted.rows).toEqual([['机构编码'], ['XOC'], ['XOA']]);
    const xob = await byCode('XOB');
    const selected = await exportOrgs({ filters: { code: 'XO' }, selections: xob.id, field: 'path,name' });
    expect(selected.rows).toEqual([
      ['机构名称', '路径'],
      ['导出乙组', '导出甲处 / 导出乙组'],
    ]);
  });

  it('writes the seeded tree whole, parents before children', async () => {
    const answer = await exportOrgs({ field: 'code,level' });
    const codes = answer.rows!.slice(1).map(([code]) => code);
    expect(codes.indexOf('CNCE')).toBe(0);
    expect(codes.indexOf('WAREHOUSE')).toBeLessThan(codes.indexOf('WH-XJ'));
    expect(answer.rows!.length - 1).toBe((await orgs()).length);
  });

  it('refuses a user holding the list but not 导出机构, a column off the list and a field it does not filter', async () => {
    const reader = await tokenHolding(server, ['system:org:list']);
    expect((await post('/rest/organ/getOrganTree', {}, reader)).envelope.rtnCode).toBe('0000');
    expect((await exportOrgs({}, reader)).envelope).toMatchObject({ rtnCode: '403' });
    const exporter = await tokenHolding(server, ['system:org:list', 'system:org:export']);
    expect((await exportOrgs({ filters: { code: 'XOA' } }, exporter)).rows).toHaveLength(2);
    expect((await exportOrgs({ field: 'code,path;drop' })).envelope).toMatchObject({ rtnCode: '400' });
    expect((await exportOrgs({ filters: { path: '/1/' } })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '不支持按“路径”查询',
    });
  });
});

describe('岗位管理', () => {
  const page = async (body: unknown = {}) =>
    (await post<{ pagination: { result: PostRow[]; totalCount: number } }>('/rest/postService/getPostPage', body))
      .envelope;

  it('lists the posts with how many users hold each; filters and sorts from the allow-list only', async () => {
    const answer = await page({ sort: { field: 'sort', order: 'asc' } });
    expect(answer.rtnCode).toBe('0000');
    expect(answer.dataSet.pagination.result.map((row) => row.name).slice(0, 3)).toEqual([
      '部门经理',
      '业务主管',
      '交易专员',
    ]);
    expect(answer.dataSet.pagination.result.find((row) => row.code === 'OPS')).toMatchObject({ userCount: 1 });
    expect((await page({ filters: { name: '监管' } })).dataSet.pagination.result.map((row) => row.code)).toEqual([
      'INSPECTOR',
    ]);
    expect(await page({ sort: { field: 'password', order: 'asc' } })).toMatchObject({
      rtnCode: '400',
      rtnMessage: '不支持按“password”排序',
    });
  });

  it('adds, edits, refuses duplicates, and deletes only posts nobody holds', async () => {
    const added = await post<{ id: string }>('/rest/postService/addPost', {
      code: 'AUDITOR',
      name: '稽核员',
      sort: 9,
      status: '1',
      description: '内部稽核',
    });
    expect(added.envelope.rtnCode).toBe('0000');
    expect(
      (await post('/rest/postService/addPost', { code: 'auditor', name: '另一个', status: '1' })).envelope,
    ).toMatchObject({ rtnCode: '400', rtnMessage: '该岗位编码已被使用，请更换' });
    expect(
      (await post('/rest/postService/updPost', { id: added.envelope.dataSet.id, name: '部门经理', status: '1' }))
        .envelope,
    ).toMatchObject({ rtnCode: '400', rtnMessage: '该岗位名称已被使用，请更换' });
    expect(
      (await post('/rest/postService/updPost', { id: added.envelope.dataSet.id, name: '稽核专员', status: '2' }))
        .envelope.rtnCode,
    ).toBe('0000');
    const ops = (await page({ filters: { code: 'OPS' } })).dataSet.pagination.result[0]!;
    expect(
      (await post('/rest/postService/delPost', { ids: `${ops.id},${added.envelope.dataSet.id}` })).envelope,
    ).toMatchObject({ rtnCode: '400', rtnMessage: '岗位「系统运维」仍有用户在任，请先在用户管理中调整，或将其停用' });
    expect((await post('/rest/postService/delPost', { ids: added.envelope.dataSet.id })).envelope).toMatchObject({
      rtnCode: '0000',
      dataSet: { deleted: 1 },
    });
    // Gone already (or never there): refused, not 删除成功 with nothing deleted; a batch is refused whole.
    expect((await post('/rest/postService/delPost', { ids: added.envelope.dataSet.id })).envelope).toMatchObject({
      rtnCode: '404',
      rtnMessage: '岗位不存在或已删除',
    });
    const spare = await post<{ id: string }>('/rest/postService/addPost', {
      code: 'SPARE',
      name: '备用岗位',
      status: '1',
    });
    expect(
      (await post('/rest/postService/delPost', { ids: `${spare.envelope.dataSet.id},${added.envelope.dataSet.id}` }))
        .envelope,
    ).toMatchObject({ rtnCode: '404', rtnMessage: '岗位不存在或已删除' });
    expect((await page({ filters: { code: 'SPARE' } })).dataSet.pagination.result).toHaveLength(1);
  });
});

describe('岗位管理 › 导出', () => {
  const exportPosts = (body: unknown, token = admin) =>
    downloadExport(server, '/rest/postService/exportXls', body, token);

  beforeAll(async () => {
    for (const [code, name, status] of [
      ['EXPA', '导出岗位甲', '1'],
      ['EXPB', '导出岗位乙', '2'],
      ['EXPC', '导出岗位丙', '1'],
    ]) {
      expect((await post('/rest/postService/addPost', { code, name, sort: 7, status })).envelope.rtnCode).toBe('0000');
    }
  });

  it('writes the posts the query matches, in its order, with 状态 as a name and China time', async () => {
    const query = {
      filters: { code: 'EXP' },
      superQueryParams: [{ field: 'name', rule: 'ne', value: '导出岗位丙' }],
      sort: { field: 'code', order: 'desc' },
    };
    // The page asked for does not limit the file.
    const answer = await exportPosts({ ...query, pageNum: 3, pageSize: 10 });
    expect(answer.envelope).toBeNull();
    expect(answer.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('岗位列表.xlsx')}`);
    const page = await post<{ pagination: { result: Array<PostRow & { createTime: string }> } }>(
      '/rest/postService/getPostPage',
      query,
    );
    const created = page.envelope.dataSet.pagination.result.map((row) =>
      new Date(Date.parse(row.createTime) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '),
    );
    expect(answer.rows).toEqual([
      ['岗位编码', '岗位名称', '排序', '状态', '描述', '在岗人数', '创建时间'],
      ['EXPB', '导出岗位乙', '7', '停用', '', '0', created[0]],
      ['EXPA', '导出岗位甲', '7', '启用', '', '0', created[1]],
    ]);
  });

  it('writes only the selected posts, and only the columns shown', async () => {
    const page = await post<{ pagination: { result: PostRow[] } }>('/rest/postService/getPostPage', {
      filters: { code: 'EXPC' },
    });
    const answer = await exportPosts({
      filters: { code: 'EXP' },
      selections: page.envelope.dataSet.pagination.result[0]!.id,
      field: 'status,code',
    });
    expect(answer.rows).toEqual([
      ['岗位编码', '状态'],
      ['EXPC', '启用'],
    ]);
  });

  it('refuses a user holding the list but not 导出岗位, and a column off the list', async () => {
    const reader = await tokenHolding(server, ['system:post:list']);
    expect((await post('/rest/postService/getPostPage', {}, reader)).envelope.rtnCode).toBe('0000');
    expect((await exportPosts({}, reader)).envelope).toMatchObject({ rtnCode: '403' });
    expect((await exportPosts({ field: 'code,secret' })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '不支持的列“secret”',
    });
  });
});

describe('用户的机构与岗位', () => {
  it('puts a user in an organisation with posts; a disabled post cannot be given anew', async () => {
    const options = await post<{
      orgs: Array<{ id: string; code: string; selectable: boolean }>;
      posts: Array<{ id: string; code: string }>;
    }>('/rest/user/getUserBindRoles', {});
    const settle = options.envelope.dataSet.orgs.find((org) => org.code === 'SETTLE')!;
    expect(settle.selectable).toBe(true);
    const trader = options.envelope.dataSet.posts.find((item) => item.code === 'TRADER')!;
    const added = await post<{ id: string }>('/rest/user/AddUser', {
      loginName: 'orgpost1',
      realname: '岗位测试',
      password: 'Orgpost@2026',
      roleIds: [],
      orgId: settle.id,
      postIds: [trader.id],
    });
    expect(added.envelope.rtnCode).toBe('0000');
    const list = await post<{ pagination: { result: Array<{ orgName: string; postNames: string }> } }>(
      '/rest/user/getUserPage',
      { filters: { loginName: 'orgpost1' } },
    );
    expect(list.envelope.dataSet.pagination.result).toEqual([
      expect.objectContaining({ orgName: '结算部', postNames: '交易专员' }),
    ]);
    const [user] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'orgpost1'));
    expect(user!.orgId).toBe(Number(settle.id));

    const inspector = options.envelope.dataSet.posts.find((item) => item.code === 'INSPECTOR')!;
    const posts = await post<{ pagination: { result: PostRow[] } }>('/rest/postService/getPostPage', {
      filters: { code: 'INSPECTOR' },
    });
    const row = posts.envelope.dataSet.pagination.result[0]!;
    await post('/rest/postService/updPost', { id: row.id, name: row.name, status: '2' });
    const refused = await post('/rest/user/UpdUser', {
      id: added.envelope.dataSet.id,
      realname: '岗位测试',
      roleIds: [],
      postIds: [trader.id, inspector.id],
    });
    expect(refused.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '所选岗位不存在或已停用，请刷新后重试' });
    const unknownOrg = await post('/rest/user/UpdUser', {
      id: added.envelope.dataSet.id,
      realname: '岗位测试',
      roleIds: [],
      orgId: '999999',
    });
    expect(unknownOrg.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '所选机构不存在，请刷新后重试' });
  });
});
