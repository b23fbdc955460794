import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginRegistry, sysAuditLog, sysPermissions, sysRolePermissions, sysRoles } from '../src/db/schema/index';
import { ADMIN, loginToken, REVIEWER } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';

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
  children: Node[];
}
interface Tree {
  tree: Node[];
  components: string[];
  icons: string[];
}

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
  server = await startTestServer();
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
    expect(icons).toEqual(expect.arrayContaining(['user', 'setting', 'menu']));
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
