import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginRegistry, sysAuditLog, sysPermissions, sysRolePermissions, sysRoles } from '../src/db/schema/index';
import type { FastifyRequest } from 'fastify';
import { saveMenu } from '../src/modules/menu-admin/service';
import { ADMIN, loginToken, REVIEWER } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';
import { downloadExport, tokenHolding } from './list-export';

let server: TestServer;
let admin: string;

interface Node {
  id: string;
  parentId: string | null;
  type: 'menu' | 'button';
  name: string;
  code: string | null;
  path: string | null;
  componentPath: string | null;
  keepAlive: boolean;
  openMode: 'page' | 'link' | 'iframe';
  url: string | null;
  children: Node[];
}
interface Tree {
  tree: Node[];
  components: string[];
  icons: Array<{ name: string; svgPath: string }>;
  iframeOrigins: string[];
}

const IFRAME_ORIGIN = 'https://bi.example.com';

const post = <T>(path: string, body: unknown, token: string | null = admin) =>
  server.post<T>(path, body, token ? { authorization: token } : {});

async function tree(): Promise<Tree> {
  const answer = await post<Tree>('/rest/menu/getMenuTree', {});
  expect(answer.envelope.rtnCode).toBe('0000');
  return answer.envelope.dataSet;
}

function find(nodes: Node[], match: (node: Node) => boolean): Node | undefined {
  for (const node of nodes) {
    if (match(node)) return node;
    const below = find(node.children, match);
    if (below) return below;
  }
  return undefined;
}

const menu = (overrides: Record<string, unknown>) => ({ type: 'menu', sort: 50, hidden: false, ...overrides });

beforeAll(async () => {
  server = await startTestServer({ config: { iframeAllowedOrigins: [IFRAME_ORIGIN] } });
  admin = await loginToken(server, ADMIN);
  // The system plugin as the build registers it (the test server's static folder is empty).
  await server.db.insert(pluginRegistry).values({
    id: 'system',
    version: '1.0.0',
    entry: '/plugins/system/system.js',
    integrity: 'sha384-test',
    routes: [],
    components: ['SmsLog', 'UserList', 'RoleList', 'MenuList'],
    sdkVersion: '1.0.0',
    source: 'bundled',
  });
  await server.db.insert(pluginRegistry).values({
    id: 'warehouse',
    version: '1.0.0',
    entry: '/plugins/warehouse/warehouse.js',
    integrity: 'sha384-test',
    routes: [{ path: '/warehouse', public: true, title: '仓库' }],
    components: [],
    sdkVersion: '1.0.0',
    source: 'bundled',
  });
});
afterAll(async () => {
  await server?.close();
});

describe('getMenuTree', () => {
  it('answers the tree with buttons under their menus, the plugins’ components and the icons', async () => {
    const { tree: nodes, components, icons } = await tree();
    const system = find(nodes, (node) => node.path === '/system')!;
    expect(system).toMatchObject({ type: 'menu', code: null, parentId: null, componentPath: null });
    const users = system.children.find((node) => node.code === 'system:user:list')!;
    expect(users).toMatchObject({ path: '/system/user', componentPath: 'system/UserList', parentId: system.id });
    expect(users.children.map((node) => node.code)).toEqual([
      'system:user:add',
      'system:user:edit',
      'system:user:delete',
      'system:user:export',
      'system:user:import',
    ]);
    expect(components).toEqual(expect.arrayContaining(['system/UserList', 'system/RoleList', 'system/MenuList']));
    // The picker draws them: each with its path data.
    expect(icons.map((icon) => icon.name)).toEqual(expect.arrayContaining(['user', 'setting', 'menu']));
    expect(icons.every((icon) => icon.svgPath.length > 0)).toBe(true);
    expect(users).toMatchObject({ keepAlive: true, openMode: 'page', url: null });
  });
});

describe('addMenuRel / delMenuRel', () => {
  it('adds a group, a menu under it and a button, changes the menu and shows it in init; deletes bottom-up', async () => {
    const group = await post<{ id: string }>(
      '/rest/menu/addMenuRel',
      menu({ name: '业务管理', path: '/business', icon: 'trade' }),
    );
    expect(group.envelope.rtnCode).toBe('0000');
    const groupId = group.envelope.dataSet.id;
    const page = await post<{ id: string }>(
      '/rest/menu/addMenuRel',
      menu({
        parentId: groupId,
        name: '短信记录',
        path: '/business/sms',
        componentPath: 'system/SmsLog',
        code: 'biz:sms:list',
      }),
    );
    expect(page.envelope.rtnCode).toBe('0000');
    const pageId = page.envelope.dataSet.id;
    const button = await post<{ id: string }>('/rest/menu/addMenuRel', {
      type: 'button',
      parentId: pageId,
      name: '导出短信',
      code: 'biz:sms:export',
      sort: 1,
      hidden: false,
    });
    expect(button.envelope.rtnCode).toBe('0000');

    const renamed = await post('/rest/menu/addMenuRel', {
      ...menu({
        parentId: groupId,
        name: '短信查询',
        path: '/business/sms',
        componentPath: 'system/SmsLog',
        code: 'biz:sms:list',
      }),
      id: pageId,
    });
    expect(renamed.envelope.rtnCode).toBe('0000');
    const added = find((await tree()).tree, (node) => node.id === pageId)!;
    expect(added).toMatchObject({ name: '短信查询', parentId: groupId });
    expect(added.children.map((node) => node.code)).toEqual(['biz:sms:export']);

    // The administrator's next init has it (the new codes are not granted to anyone yet).
    const init = await post<{
      menu: Array<{ path: string; children: Array<{ path: string; permissions: string[] }> }>;
    }>('/rest/auth/init', {});
    const business = init.envelope.dataSet.menu.find((node) => node.path === '/business');
    expect(business?.children.map((node) => [node.path, node.permissions])).toEqual([
      ['/business/sms', ['biz:sms:list']],
    ]);

    const busy = await post('/rest/menu/delMenuRel', { id: groupId });
    expect(busy.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '请先删除「业务管理」的下级菜单或按钮' });
    for (const id of [button.envelope.dataSet.id, pageId, groupId]) {
      expect((await post('/rest/menu/delMenuRel', { id })).envelope).toMatchObject({
        rtnCode: '0000',
        dataSet: { deleted: 1 },
      });
    }
    expect(find((await tree()).tree, (node) => node.id === groupId)).toBeUndefined();
    const trail = await server.db
      .select()
      .from(sysAuditLog)
      .where(eq(sysAuditLog.entity, 'menu'))
      .orderBy(asc(sysAuditLog.id));
    expect(trail.map((entry) => entry.action)).toEqual([
      'menu.add',
      'menu.add',
      'menu.add',
      'menu.update',
      'menu.delete',
      'menu.delete',
      'menu.delete',
    ]);
  });

  it('refuses a component no plugin provides, a taken path or code, and a button in the wrong place', async () => {
    const refusals: Array<[Record<string, unknown>, string]> = [
      [menu({ name: '假页面', path: '/fake', componentPath: 'evil/Page' }), '组件 evil/Page 不是已启用插件提供的组件'],
      [
        menu({ name: '重复', path: '/system/user', componentPath: 'system/UserList' }),
        '路由地址 /system/user 已被菜单「用户管理」使用',
      ],
      [
        menu({ name: '重复编码', path: '/dup', code: 'SYSTEM:USER:LIST' }),
        '权限编码 SYSTEM:USER:LIST 已被「用户管理」使用',
      ],
      [menu({ name: '无地址' }), '请输入路由地址'],
      // One owner per address: the shell's pages and the public pages of enabled plugins.
      [menu({ name: '登录', path: '/login' }), '路由地址 /login 是门户保留的地址，请更换'],
      [menu({ name: '仓库', path: '/Warehouse' }), '路由地址 /Warehouse 是插件「warehouse」的公开页面，请更换'],
      [menu({ name: '坏图标', path: '/icon', icon: 'skull' }), '图标 skull 不存在'],
      [{ type: 'button', name: '孤立按钮', code: 'x:y', sort: 1, hidden: false }, '按钮须放在某个菜单之下'],
      [{ type: 'button', name: '无编码按钮', parentId: '1', sort: 1, hidden: false }, '按钮须填写权限编码'],
    ];
    for (const [body, message] of refusals) {
      const answer = await post('/rest/menu/addMenuRel', body);
      expect(answer.envelope, message).toMatchObject({ rtnCode: '400', rtnMessage: message });
    }
    const badPath = await post('/rest/menu/addMenuRel', menu({ name: '坏地址', path: 'javascript:alert(1)' }));
    expect(badPath.envelope.rtnCode).toBe('400');
    expect(badPath.envelope.rtnMessage).toContain('路由地址');

    const [users] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.code, 'system:user:list'));
    const [addButton] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.code, 'system:user:add'));
    const underButton = await post('/rest/menu/addMenuRel', {
      type: 'button',
      parentId: String(addButton.id),
      name: '按钮下的按钮',
      code: 'x:z',
      sort: 1,
      hidden: false,
    });
    expect(underButton.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '上级只能是菜单，不能是按钮' });
    const [system] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.path, '/system'));
    const loop = await post('/rest/menu/addMenuRel', {
      ...menu({ name: '系统管理', path: '/system', parentId: String(users.id) }),
      id: String(system.id),
    });
    expect(loop.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '不能把菜单移到它自己或它的下级之下' });
  });

  it('deleting a button takes its grants with it', async () => {
    const [users] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.code, 'system:user:list'));
    const added = await post<{ id: string }>('/rest/menu/addMenuRel', {
      type: 'button',
      parentId: String(users.id),
      name: '临时按钮',
      code: 'system:user:temp',
      sort: 9,
      hidden: false,
    });
    const id = Number(added.envelope.dataSet.id);
    const [sysadmin] = await server.db.select().from(sysRoles).where(eq(sysRoles.code, 'sysadmin'));
    await server.db.insert(sysRolePermissions).values({ roleId: sysadmin.id, permissionId: id });
    expect((await post('/rest/menu/delMenuRel', { id: String(id) })).envelope.rtnCode).toBe('0000');
    expect(await server.db.select().from(sysRolePermissions).where(eq(sysRolePermissions.permissionId, id))).toEqual(
      [],
    );
  });

  it('is refused to a role without the permission', async () => {
    const reviewer = await loginToken(server, REVIEWER);
    expect((await post('/rest/menu/getMenuTree', {}, reviewer)).envelope.rtnCode).toBe('403');
    expect((await post('/rest/menu/delMenuRel', { id: '1' }, reviewer)).envelope.rtnCode).toBe('403');
  });
});

describe('moveMenu (上移 / 下移)', () => {
  it('moves a node one place among its siblings only, equal numbers too, and records it', async () => {
    const group = (await post<{ id: string }>('/rest/menu/addMenuRel', menu({ name: '排序组', path: '/order' })))
      .envelope.dataSet.id;
    const add = async (name: string, path: string, sort: number) =>
      (await post<{ id: string }>('/rest/menu/addMenuRel', menu({ parentId: group, name, path, sort }))).envelope
        .dataSet.id;
    const first = await add('甲', '/order/a', 10);
    const second = await add('乙', '/order/b', 20);
    const third = await add('丙', '/order/c', 20);
    const names = async () => find((await tree()).tree, (node) => node.id === group)!.children.map((node) => node.name);
    expect(await names()).toEqual(['甲', '乙', '丙']);

    expect((await post('/rest/menu/moveMenu', { id: second, direction: 'up' })).envelope.dataSet).toEqual({
      updated: 2,
    });
    expect(await names()).toEqual(['乙', '甲', '丙']);
    // 丙 and 甲 hold the same number (20): 丙 still goes one place up.
    await post('/rest/menu/moveMenu', { id: third, direction: 'up' });
    expect(await names()).toEqual(['乙', '丙', '甲']);
    await post('/rest/menu/moveMenu', { id: first, direction: 'up' });
    expect(await names()).toEqual(['乙', '甲', '丙']);
    // The first goes no higher, the last no lower.
    expect((await post('/rest/menu/moveMenu', { id: second, direction: 'up' })).envelope.dataSet).toEqual({
      updated: 0,
    });
    expect((await post('/rest/menu/moveMenu', { id: third, direction: 'down' })).envelope.dataSet).toEqual({
      updated: 0,
    });
    await post('/rest/menu/moveMenu', { id: second, direction: 'down' });
    expect(await names()).toEqual(['甲', '乙', '丙']);

    const records = await server.db.select().from(sysAuditLog).where(eq(sysAuditLog.action, 'menu.move'));
    expect(records.length).toBe(4);
    const reviewer = await loginToken(server, REVIEWER);
    expect((await post('/rest/menu/moveMenu', { id: first, direction: 'up' }, reviewer)).envelope.rtnCode).toBe('403');
    expect((await post('/rest/menu/moveMenu', { id: first, direction: 'left' })).envelope.rtnCode).toBe('400');
    expect((await post('/rest/menu/moveMenu', { id: '999999', direction: 'up' })).envelope).toMatchObject({
      rtnCode: '404',
      rtnMessage: '菜单不存在或已删除',
    });
  });
});

// After the audit-trail test above, which counts every menu record.
describe('menu open modes and 缓存', () => {
  it('saves an external link, an iframe of an allowed origin and a page without 缓存; init carries them', async () => {
    expect((await tree()).iframeOrigins).toEqual([IFRAME_ORIGIN]);
    const saved: string[] = [];
    for (const body of [
      menu({ name: '外部文档', path: '/ext/docs', openMode: 'link', url: 'https://docs.example.org/guide?a=1' }),
      menu({ name: '经营报表', path: '/ext/bi', openMode: 'iframe', url: `${IFRAME_ORIGIN}/report/1` }),
      menu({ name: '短信不缓存', path: '/ext/sms', componentPath: 'system/SmsLog', keepAlive: false }),
    ]) {
      const answer = await post<{ id: string }>('/rest/menu/addMenuRel', body);
      expect(answer.envelope.rtnCode, JSON.stringify(body)).toBe('0000');
      saved.push(answer.envelope.dataSet.id);
    }
    const init = await post<{
      menu: Array<{ path: string; keepAlive: boolean; openMode: string; url: string | null }>;
    }>('/rest/auth/init', {});
    const byPath = new Map(init.envelope.dataSet.menu.map((node) => [node.path, node]));
    expect(byPath.get('/ext/docs')).toMatchObject({ openMode: 'link', url: 'https://docs.example.org/guide?a=1' });
    expect(byPath.get('/ext/bi')).toMatchObject({ openMode: 'iframe', url: `${IFRAME_ORIGIN}/report/1` });
    expect(byPath.get('/ext/sms')).toMatchObject({ openMode: 'page', keepAlive: false, url: null });
    for (const id of saved) expect((await post('/rest/menu/delMenuRel', { id })).envelope.rtnCode).toBe('0000');
  });

  it('refuses an iframe of another origin, a link that is no web address, and a url where none belongs', async () => {
    const refusals: Array<[Record<string, unknown>, string]> = [
      [
        menu({ name: '外站内嵌', path: '/ext/evil', openMode: 'iframe', url: 'https://evil.example.net/x' }),
        `链接地址的来源 https://evil.example.net 不在允许内嵌的来源之内（${IFRAME_ORIGIN}）`,
      ],
      [
        // Same host, another scheme: another origin.
        menu({ name: '明文内嵌', path: '/ext/plain', openMode: 'iframe', url: 'http://bi.example.com/x' }),
        `链接地址的来源 http://bi.example.com 不在允许内嵌的来源之内（${IFRAME_ORIGIN}）`,
      ],
      [menu({ name: '无地址链接', path: '/ext/none', openMode: 'link' }), '外部链接和内嵌页面须填写链接地址'],
      [
        menu({
          name: '带组件链接',
          path: '/ext/comp',
          openMode: 'link',
          url: 'https://a.example',
          componentPath: 'system/SmsLog',
        }),
        '外部链接和内嵌页面不能选择组件',
      ],
      [
        menu({ name: '页面带地址', path: '/ext/page', componentPath: 'system/SmsLog', url: 'https://a.example' }),
        '页面菜单没有链接地址，请选择外部链接或内嵌页面',
      ],
      [
        {
          type: 'button',
          name: '链接按钮',
          parentId: '1',
          code: 'x:link',
          sort: 1,
          hidden: false,
          openMode: 'link',
          url: 'https://a.example',
        },
        '按钮没有打开方式和链接地址',
      ],
    ];
    for (const [body, message] of refusals) {
      const answer = await post('/rest/menu/addMenuRel', body);
      expect(answer.envelope, message).toMatchObject({ rtnCode: '400', rtnMessage: message });
    }
    // Not a web address: the body's pattern refuses it, naming the field.
    for (const url of ['javascript:alert(1)', 'data:text/html,<script>', '//evil.example/x', 'https://a.example/x y']) {
      const answer = await post(
        '/rest/menu/addMenuRel',
        menu({ name: '坏链接', path: '/ext/bad', openMode: 'link', url }),
      );
      expect(answer.envelope.rtnCode, url).toBe('400');
      expect(answer.envelope.rtnMessage, url).toContain('链接地址');
    }
    const long = await post(
      '/rest/menu/addMenuRel',
      menu({ name: '超长链接', path: '/ext/long', openMode: 'link', url: `https://a.example/${'x'.repeat(600)}` }),
    );
    expect(long.envelope.rtnCode).toBe('400');
    const names = (await server.db.select({ name: sysPermissions.name }).from(sysPermissions)).map((row) => row.name);
    expect(names).not.toEqual(expect.arrayContaining(['外站内嵌']));
  });

  it('refuses every iframe menu when IFRAME_ALLOWED_ORIGINS names none', async () => {
    await expect(
      saveMenu(
        server.db,
        {} as FastifyRequest,
        {
          type: 'menu',
          name: '内嵌',
          path: '/ext/x',
          sort: 1,
          hidden: false,
          openMode: 'iframe',
          url: `${IFRAME_ORIGIN}/`,
        },
        [],
      ),
    ).rejects.toMatchObject({
      message: '未配置允许内嵌的来源（IFRAME_ALLOWED_ORIGINS），不能添加内嵌页面菜单，请联系运维人员',
    });
  });
});

describe('导出 (菜单列表.xlsx)', () => {
  const exportMenus = (body: unknown, token = admin) => downloadExport(server, '/rest/menu/exportXls', body, token);
  const chinaTime = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
  const HEADERS = [
    '名称',
    '类型',
    '权限编码',
    '路由地址',
    '组件',
    '打开方式',
    '链接地址',
    '图标',
    '排序',
    '是否隐藏',
    '缓存',
    '上级菜单',
    '上级菜单编码',
    '层级',
    '路径',
    '创建时间',
  ];
  const ids: Record<string, string> = {};
  const created = async (name: string) =>
    chinaTime((await server.db.select().from(sysPermissions).where(eq(sysPermissions.name, name)))[0]!.createdAt);

  beforeAll(async () => {
    const add = async (key: string, body: Record<string, unknown>) => {
      const answer = await post<{ id: string }>('/rest/menu/addMenuRel', body);
      expect(answer.envelope.rtnCode).toBe('0000');
      ids[key] = answer.envelope.dataSet.id;
    };
    // A group (no component: it only holds others), a page under it with a button, and a link.
    await add('group', menu({ name: '测导目录', path: '/xexport', icon: 'setting', sort: 7 }));
    await add(
      'page',
      menu({
        parentId: ids.group,
        name: '测导页面',
        path: '/xexport/page',
        componentPath: 'system/SmsLog',
        code: 'xexport:page:list',
        sort: 1,
        hidden: true,
        keepAlive: false,
      }),
    );
    await add(
      'link',
      menu({
        parentId: ids.group,
        name: '测导链接',
        path: '/xexport/link',
        openMode: 'link',
        url: 'https://docs.example.org/',
        sort: 0,
      }),
    );
    await add('button', {
      type: 'button',
      parentId: ids.page,
      name: '测导按钮',
      code: 'xexport:page:export',
      sort: 3,
      hidden: false,
    });
  });

  it('writes the nodes the filter matches in the tree’s order, with labels, parent, level, path and China time', async () => {
    const answer = await exportMenus({ filters: { name: '测导' }, pageNum: 2, pageSize: 10 });
    expect(answer.envelope).toBeNull();
    expect(answer.contentType).toContain('spreadsheetml');
    expect(answer.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('菜单列表.xlsx')}`);
    expect(answer.rows).toEqual([
      HEADERS,
      [
        '测导目录',
        '目录',
        '',
        '/xexport',
        '',
        '页面',
        '',
        'setting',
        '7',
        '否',
        '是',
        '',
        '',
        '1',
        '测导目录',
        await created('测导目录'),
      ],
      // Siblings by 排序: the link (0) before the page (1); a link has no 缓存.
      [
        '测导链接',
        '菜单',
        '',
        '/xexport/link',
        '',
        '外部链接',
        'https://docs.example.org/',
        '',
        '0',
        '否',
        '',
        '测导目录',
        '',
        '2',
        '测导目录 / 测导链接',
        await created('测导链接'),
      ],
      [
        '测导页面',
        '菜单',
        'xexport:page:list',
        '/xexport/page',
        'system/SmsLog',
        '页面',
        '',
        '',
        '1',
        '是',
        '否',
        '测导目录',
        '',
        '2',
        '测导目录 / 测导页面',
        await created('测导页面'),
      ],
      // A button has no 打开方式, 是否隐藏 or 缓存.
      [
        '测导按钮',
        '按钮',
        'xexport:page:export',
        '',
        '',
        '',
        '',
        '',
        '3',
        '',
        '',
        '测导页面',
        'xexport:page:list',
        '3',
        '测导目录 / 测导页面 / 测导按钮',
        await created('测导按钮'),
      ],
    ]);
  });

  it('follows a sort, a type filter and a super query, writes only the selected rows and the columns shown', async () => {
    const sorted = await exportMenus({
      filters: { name: '测导' },
      sort: { field: 'sort', order: 'desc' },
      superQueryParams: [{ field: 'type', rule: 'ne', value: 'button' }],
      field: 'type,name',
    });
    expect(sorted.rows).toEqual([
      ['名称', '类型'],
      ['测导目录', '目录'],
      ['测导页面', '菜单'],
      ['测导链接', '菜单'],
    ]);
    // 类型 菜单 is not 目录: the group is left out.
    const typed = await exportMenus({ filters: { name: '测导', type: 'menu' }, field: 'name' });
    expect(typed.rows).toEqual([['名称'], ['测导链接'], ['测导页面']]);
    const selected = await exportMenus({
      filters: { name: '测导' },
      selections: `${ids.button},${ids.group}`,
      field: 'fullName,name,level',
    });
    expect(selected.rows).toEqual([
      ['名称', '层级', '路径'],
      ['测导目录', '1', '测导目录'],
      ['测导按钮', '3', '测导目录 / 测导页面 / 测导按钮'],
    ]);
  });

  it('writes the seeded tree whole, parents before children', async () => {
    const answer = await exportMenus({ field: 'name,code' });
    const codes = answer.rows!.slice(1).map(([, code]) => code);
    expect(codes.indexOf('system:menu:list')).toBeGreaterThan(-1);
    expect(codes.indexOf('system:menu:list')).toBeLessThan(codes.indexOf('system:menu:export'));
    expect(answer.rows!.slice(1).findIndex(([name]) => name === '系统管理')).toBeLessThan(
      codes.indexOf('system:menu:list'),
    );
    expect(answer.rows!.length - 1).toBe((await server.db.select().from(sysPermissions)).length);
  });

  it('refuses a user holding the list but not 导出菜单, a column off the list and a field it does not filter', async () => {
    const reader = await tokenHolding(server, ['system:menu:list']);
    expect((await post('/rest/menu/getMenuTree', {}, reader)).envelope.rtnCode).toBe('0000');
    expect((await exportMenus({}, reader)).envelope).toMatchObject({ rtnCode: '403' });
    const exporter = await tokenHolding(server, ['system:menu:list', 'system:menu:export']);
    expect((await exportMenus({ filters: { name: '测导目录' } }, exporter)).rows).toHaveLength(2);
    expect((await exportMenus({ field: 'name,fullName;drop' })).envelope).toMatchObject({ rtnCode: '400' });
    expect((await exportMenus({ field: 'parentId' })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '不支持的列“parentId”',
    });
    expect((await exportMenus({ filters: { fullName: '测导' } })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '不支持按“路径”查询',
    });
  });
});
