import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysPermissions, sysRolePermissions, sysRoles } from '../src/db/schema/index';
import { MIGRATIONS_FOLDER } from '../src/paths';
import { openSeededTestDatabase } from './helpers';
import type { TestDatabase } from './test-database';

/**
 * The migrations that give a database seeded before them a back-office menu, its buttons
 * and the grants of 系统管理员: their data statements, run twice on a seeded database whose
 * rows were removed.
 */

const MIGRATIONS = [
  {
    file: '0013_audit_log.sql',
    menu: { code: 'system:user:list', path: '/system/user', componentPath: 'system/UserList' },
    buttons: ['system:user:add', 'system:user:edit', 'system:user:delete'],
  },
  {
    file: '0014_role_admin_menu.sql',
    menu: { code: 'system:role:list', path: '/system/role', componentPath: 'system/RoleList' },
    buttons: ['system:role:add', 'system:role:edit', 'system:role:delete', 'system:role:grant'],
  },
  {
    file: '0015_menu_admin_menu.sql',
    menu: { code: 'system:menu:list', path: '/system/menu', componentPath: 'system/MenuList' },
    buttons: ['system:menu:edit', 'system:menu:delete'],
  },
  ...(
    [
      ['org', '/system/org', 'system/OrgList'],
      ['post', '/system/post', 'system/PostList'],
      ['datarule', '/system/data-rule', 'system/DataRuleList'],
      ['app', '/system/app', 'system/AppList'],
    ] as const
  ).map(([entity, path, componentPath]) => ({
    file: '0020_orgs_posts_data_rules.sql',
    menu: { code: `system:${entity}:list`, path, componentPath },
    buttons: [`system:${entity}:add`, `system:${entity}:edit`, `system:${entity}:delete`],
  })),
  ...(
    [
      ['dict', '/system/dict', 'basedata/DictList', ['add', 'edit', 'delete']],
      ['region', '/system/region', 'basedata/RegionList', ['add', 'edit']],
      ['bank', '/system/bank', 'basedata/BankList', ['add', 'edit']],
    ] as const
  ).map(([entity, path, componentPath, verbs]) => ({
    file: '0030_dictionaries_regions.sql',
    menu: { code: `system:${entity}:list`, path, componentPath },
    buttons: verbs.map((verb) => `system:${entity}:${verb}`),
  })),
  {
    file: '0026_plugin_install.sql',
    menu: { code: 'system:plugin:list', path: '/system/plugin', componentPath: 'system/PluginList' },
    buttons: ['system:plugin:install', 'system:plugin:manage'],
  },
  {
    file: '0028_jobs.sql',
    menu: { code: 'system:task:list', path: '/system/task', componentPath: 'task/TaskList' },
    buttons: ['system:task:add', 'system:task:edit', 'system:task:delete', 'system:task:run'],
  },
  ...(
    [
      ['operation', 'log/OperationLog'],
      ['login', 'log/LoginLog'],
      ['visit', 'log/VisitLog'],
    ] as const
  ).map(([kind, componentPath]) => ({
    file: '0029_logs.sql',
    menu: { code: `system:log:${kind}`, path: `/system/log/${kind}`, componentPath },
    buttons: [`system:log:${kind}:export`],
  })),
  {
    file: '0031_notices_templates.sql',
    menu: { code: 'system:notice:list', path: '/system/notice', componentPath: 'notice/NoticeList' },
    buttons: ['system:notice:add', 'system:notice:edit', 'system:notice:delete', 'system:notice:publish'],
  },
  {
    file: '0031_notices_templates.sql',
    menu: { code: 'system:smstemplate:list', path: '/system/sms-template', componentPath: 'notice/SmsTemplateList' },
    buttons: [
      'system:smstemplate:add',
      'system:smstemplate:edit',
      'system:smstemplate:delete',
      'system:smstemplate:send',
    ],
  },
  {
    file: '0032_themes_icons_monitor.sql',
    menu: { code: 'system:icon:list', path: '/system/icon', componentPath: 'monitor/IconList' },
    buttons: ['system:icon:add', 'system:icon:delete'],
  },
  {
    file: '0032_themes_icons_monitor.sql',
    menu: { code: 'system:monitor:view', path: '/system/monitor', componentPath: 'monitor/ServerMonitor' },
    buttons: [],
  },
];

let database: TestDatabase;

beforeAll(async () => {
  database = await openSeededTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function granted(codes: string[]) {
  return database.db
    .select({ code: sysPermissions.code, parentId: sysPermissions.parentId, type: sysPermissions.type })
    .from(sysRolePermissions)
    .innerJoin(sysPermissions, eq(sysPermissions.id, sysRolePermissions.permissionId))
    .innerJoin(sysRoles, eq(sysRoles.id, sysRolePermissions.roleId))
    .where(and(eq(sysRoles.code, 'sysadmin'), inArray(sysPermissions.code, codes)));
}

describe.each(MIGRATIONS)('migration $file', ({ file, menu, buttons }) => {
  it('adds the menu and buttons under 系统管理 and grants them to the administrators, once', async () => {
    const codes = [menu.code, ...buttons];
    const statements = readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*(?:--[^\n]*\n\s*)*INSERT/i.test(statement));
    expect(statements.length).toBeGreaterThanOrEqual(3);
    await database.db.delete(sysPermissions).where(inArray(sysPermissions.code, codes));
    expect(await granted(codes)).toEqual([]);
    for (let run = 0; run < 2; run += 1) {
      for (const statement of statements) await database.db.execute(sql.raw(statement));
    }
    const rows = await granted(codes);
    expect(rows.map((row) => row.code).sort()).toEqual([...codes].sort());
    const [row] = await database.db.select().from(sysPermissions).where(eq(sysPermissions.code, menu.code));
    const [system] = await database.db.select().from(sysPermissions).where(eq(sysPermissions.path, '/system'));
    expect(row).toMatchObject({ parentId: system.id, path: menu.path, componentPath: menu.componentPath });
    for (const button of rows.filter((item) => item.type === 'button')) expect(button.parentId).toBe(row.id);
    const all = await database.db.select().from(sysPermissions).where(inArray(sysPermissions.code, codes));
    expect(all).toHaveLength(codes.length);
  });
});

describe.each([
  { file: '0016_user_export_button.sql', name: '导出用户', code: 'system:user:export' },
  { file: '0017_user_import_button.sql', name: '导入用户', code: 'system:user:import' },
])('migration $file', ({ file, name, code }) => {
  it(`adds ${name} under 用户管理 and grants it to the administrators, once`, async () => {
    const statements = readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*(?:--[^\n]*\n\s*)*INSERT/i.test(statement));
    expect(statements).toHaveLength(2);
    await database.db.delete(sysPermissions).where(eq(sysPermissions.code, code));
    for (let run = 0; run < 2; run += 1) {
      for (const statement of statements) await database.db.execute(sql.raw(statement));
    }
    const rows = await granted([code]);
    const [users] = await database.db.select().from(sysPermissions).where(eq(sysPermissions.code, 'system:user:list'));
    expect(rows).toEqual([{ code, parentId: users.id, type: 'button' }]);
  });
});

interface Button {
  menu: string;
  name: string;
  code: string;
}

/**
 * Replays a migration that adds buttons under lists, twice, to a database without them and with
 * roles made before it holding some codes (`holders`): each button is added once under its
 * menu, and the grants of every button (`role code`) are answered for the test to check.
 */
async function replayButtonMigration(
  file: string,
  buttons: Button[],
  holders: Array<{ code: string; name: string; holds: string[] }>,
) {
  const statements = readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8')
    .split('--> statement-breakpoint')
    .filter((statement) => /^\s*(?:--[^\n]*\n\s*)*INSERT/i.test(statement));
  expect(statements).toHaveLength(2);
  const codes = buttons.map((button) => button.code);
  for (const holder of holders) {
    const [role] = await database.db
      .insert(sysRoles)
      .values({ code: holder.code, name: holder.name })
      .returning({ id: sysRoles.id });
    const held = await database.db
      .select({ id: sysPermissions.id })
      .from(sysPermissions)
      .where(inArray(sysPermissions.code, holder.holds));
    expect(held).toHaveLength(holder.holds.length);
    await database.db.insert(sysRolePermissions).values(held.map((row) => ({ roleId: role.id, permissionId: row.id })));
  }
  await database.db.delete(sysPermissions).where(inArray(sysPermissions.code, codes));

  for (let run = 0; run < 2; run += 1) {
    for (const statement of statements) await database.db.execute(sql.raw(statement));
  }

  const rows = await database.db
    .select({
      code: sysPermissions.code,
      name: sysPermissions.name,
      type: sysPermissions.type,
      parentId: sysPermissions.parentId,
    })
    .from(sysPermissions)
    .where(inArray(sysPermissions.code, codes));
  expect(rows).toHaveLength(buttons.length);
  for (const button of buttons) {
    const [menu] = await database.db.select().from(sysPermissions).where(eq(sysPermissions.code, button.menu));
    expect(rows.find((row) => row.code === button.code)).toEqual({
      code: button.code,
      name: button.name,
      type: 'button',
      parentId: menu.id,
    });
  }
  const grants = await database.db
    .select({ role: sysRoles.code, code: sysPermissions.code })
    .from(sysRolePermissions)
    .innerJoin(sysPermissions, eq(sysPermissions.id, sysRolePermissions.permissionId))
    .innerJoin(sysRoles, eq(sysRoles.id, sysRolePermissions.roleId))
    .where(inArray(sysPermissions.code, codes));
  return grants.map((grant) => `${grant.role} ${grant.code}`).sort();
}

describe('migration 0041_list_export_buttons.sql', () => {
  it('adds 导出 under each list and gives it to the roles holding the list, not to holds_all, once', async () => {
    const grants = await replayButtonMigration(
      '0041_list_export_buttons.sql',
      [
        { menu: 'system:post:list', name: '导出岗位', code: 'system:post:export' },
        { menu: 'system:role:list', name: '导出角色', code: 'system:role:export' },
        { menu: 'system:app:list', name: '导出应用', code: 'system:app:export' },
        { menu: 'system:datarule:list', name: '导出数据权限', code: 'system:datarule:export' },
        { menu: 'system:plugin:list', name: '导出插件', code: 'system:plugin:export' },
        { menu: 'register:review', name: '导出注册申请', code: 'register:review:export' },
      ],
      // A role made before the migration that holds 岗位管理 and 应用管理 (as an administrator might have).
      [{ code: 'lists0041', name: '列表查看0041', holds: ['system:post:list', 'system:app:list'] }],
    );
    expect(grants).toEqual([
      'lists0041 system:app:export',
      'lists0041 system:post:export',
      'reviewer register:review:export',
    ]);
  });
});

describe('migration 0042_list_import_buttons.sql', () => {
  it('adds 导入 under each list and gives it to the roles that may add its rows, not to holds_all, once', async () => {
    const grants = await replayButtonMigration(
      '0042_list_import_buttons.sql',
      [
        { menu: 'system:post:list', name: '导入岗位', code: 'system:post:import' },
        { menu: 'system:org:list', name: '导入机构', code: 'system:org:import' },
        { menu: 'system:dict:list', name: '导入字典项', code: 'system:dict:import' },
        { menu: 'system:region:list', name: '导入区域', code: 'system:region:import' },
        { menu: 'system:bank:list', name: '导入银行', code: 'system:bank:import' },
        { menu: 'system:smstemplate:list', name: '导入短信模板', code: 'system:smstemplate:import' },
      ],
      // Made before the migration: one role adds posts and banks, one only reads the post list.
      [
        {
          code: 'adds0042',
          name: '新增0042',
          holds: ['system:post:list', 'system:post:add', 'system:bank:list', 'system:bank:add'],
        },
        { code: 'reads0042', name: '查看0042', holds: ['system:post:list'] },
      ],
    );
    expect(grants).toEqual(['adds0042 system:bank:import', 'adds0042 system:post:import']);
  });
});

describe('migration 0045_tree_export_buttons.sql', () => {
  it('adds 导出 under 机构管理 and 栏目管理 and gives it to the roles holding the tree, not to holds_all, once', async () => {
    const grants = await replayButtonMigration(
      '0045_tree_export_buttons.sql',
      [
        { menu: 'system:org:list', name: '导出机构', code: 'system:org:export' },
        { menu: 'cms:catalog:list', name: '导出栏目', code: 'cms:catalog:export' },
      ],
      // A role made before the migration that holds 机构管理 (as an administrator might have).
      [{ code: 'trees0045', name: '树查看0045', holds: ['system:org:list'] }],
    );
    // 内容编辑 holds 栏目管理 in the seed; 系统管理员 holds every code through its flag.
    expect(grants).toEqual(['editor cms:catalog:export', 'trees0045 system:org:export']);
  });
});

describe('migration 0052_menu_export_button.sql', () => {
  it('adds 导出菜单 under 菜单管理 and gives it to the roles holding the menu, not to holds_all, once', async () => {
    const grants = await replayButtonMigration(
      '0052_menu_export_button.sql',
      [{ menu: 'system:menu:list', name: '导出菜单', code: 'system:menu:export' }],
      [{ code: 'menus0052', name: '菜单查看0052', holds: ['system:menu:list'] }],
    );
    // Only 系统管理员 holds 菜单管理 in the seed, through its flag: no grant row of its own.
    expect(grants).toEqual(['menus0052 system:menu:export']);
  });
});
