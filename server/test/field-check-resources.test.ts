import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  banks,
  cmsCatalogs,
  sysDataRules,
  dictItems,
  regions,
  sysApps,
  sysOrgs,
  sysPermissions,
  sysSmsTemplates,
  sysUsers,
} from '../src/db/schema/index';
import { RESOURCE_CHECKS } from '../src/modules/field-check/service';
import { createSession } from '../src/modules/auth/session';
import { startTestServer, type TestServer } from './helpers';

// Issue 31: every admin resource's unique fields are checked as the field is left, through the
// duplicate check derived from the resource's `unique` and `duplicateCheck` declarations.

let server: TestServer;
let editor: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  const [editorUser] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'editor'));
  editor = await createSession(server.db, { userId: editorUser.id, clientName: 'form_client' });
  const [adminUser] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'admin'));
  admin = await createSession(server.db, { userId: adminUser.id, clientName: 'form_client' });
});
afterAll(async () => {
  await server?.close();
});

const duplicate = (body: Record<string, unknown>, token: string = admin) =>
  server.post<{ valid: boolean; message: string }>('/rest/common/duplicateCheck', body, { authorization: token });

/** A value free everywhere (the longest the narrowest column takes: a region code). */
const FREE = '999990';

describe('duplicateCheck of admin resources', () => {
  it('answers taken with the save’s message, free, and the edited record’s own value as free', async () => {
    const [bank] = await server.db.select().from(banks).limit(1);
    const [region] = await server.db.select().from(regions).limit(1);
    const [app] = await server.db.select().from(sysApps).limit(1);
    const [template] = await server.db.select().from(sysSmsTemplates).limit(1);
    const [admin0] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'admin'));
    const [org] = await server.db.select().from(sysOrgs).where(eq(sysOrgs.enterpriseId, admin0.enterpriseId)).limit(1);
    const [catalog] = await server.db.select().from(cmsCatalogs).limit(1);
    const cases: Array<[string, string, string, number | string, string]> = [
      ['banks', 'code', bank!.code, bank!.id, '该银行代码已被使用，请更换'],
      ['banks', 'name', bank!.name, bank!.id, '该银行名称已被使用，请更换'],
      ['regions', 'code', region!.code, region!.code, '该区域代码已被使用，请更换'],
      ['sys_apps', 'appCode', app!.appCode.toUpperCase(), app!.appCode, '该应用编码已被使用，请更换'],
      ['sys_sms_templates', 'code', template!.code.toUpperCase(), template!.id, '该模板编码已被使用，请更换'],
      ['sys_orgs', 'code', org!.code.toLowerCase(), org!.id, '该机构编码已被使用，请更换'],
      ['cms_catalogs', 'code', catalog!.code.toUpperCase(), catalog!.id, '该栏目编码已被使用，请更换'],
    ];
    for (const [tableName, fieldName, fieldVal, dataId, message] of cases) {
      const body = { tableName, fieldName, fieldVal };
      expect((await duplicate(body)).envelope, `${tableName}.${fieldName}`).toMatchObject({
        rtnCode: '0000',
        dataSet: { valid: false, message },
      });
      expect(
        (await duplicate({ ...body, dataId: String(dataId) })).envelope.dataSet,
        `${tableName}.${fieldName}`,
      ).toEqual({ valid: true, message: '' });
      expect((await duplicate({ ...body, fieldVal: FREE })).envelope.dataSet.valid, `${tableName}.${fieldName}`).toBe(
        true,
      );
    }
  });

  it('compares a dictionary item’s code within the category the form sends', async () => {
    const [item] = await server.db.select().from(dictItems).limit(1);
    const body = { tableName: 'dict_items', fieldName: 'itemCode', fieldVal: item!.itemCode };
    expect((await duplicate({ ...body, withinVal: item!.categoryCode })).envelope.dataSet).toEqual({
      valid: false,
      message: '该字典项编码在本字典中已被使用，请更换',
    });
    expect((await duplicate({ ...body, withinVal: 'no_such_category' })).envelope.dataSet.valid).toBe(true);
    expect(
      (await duplicate({ ...body, withinVal: item!.categoryCode, dataId: String(item!.id) })).envelope.dataSet.valid,
    ).toBe(true);
  });

  it('answers a menu’s 权限编码 whatever its case, naming the node that holds it, as 保存 does', async () => {
    const [users] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.code, 'system:user:list'));
    const body = { tableName: 'sys_permissions', fieldName: 'code', fieldVal: 'SYSTEM:USER:LIST' };
    expect((await duplicate(body)).envelope.dataSet).toEqual({
      valid: false,
      message: '权限编码 SYSTEM:USER:LIST 已被「用户管理」使用',
    });
    expect((await duplicate({ ...body, dataId: String(users!.id) })).envelope.dataSet.valid).toBe(true);
    expect((await duplicate({ ...body, fieldVal: 'system:user:none' })).envelope.dataSet.valid).toBe(true);
    // 路由地址 is not asked about on blur (the shell and the plugins also own addresses).
    expect((await duplicate({ ...body, fieldName: 'path', fieldVal: '/system/user' })).envelope.rtnCode).toBe('400');
  });

  it('compares organisation and region names among the parent’s children, data rule names within the menu', async () => {
    const [admin0] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'admin'));
    const [child] = await server.db
      .select()
      .from(sysOrgs)
      .where(and(eq(sysOrgs.enterpriseId, admin0!.enterpriseId), isNotNull(sysOrgs.parentId)))
      .limit(1);
    const [rootOrg] = await server.db
      .select()
      .from(sysOrgs)
      .where(and(eq(sysOrgs.enterpriseId, admin0!.enterpriseId), isNull(sysOrgs.parentId)))
      .limit(1);
    const [region] = await server.db.select().from(regions).where(isNotNull(regions.parentCode)).limit(1);
    const [menu] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.code, 'system:user:list'));
    const ruleName = '失焦查重规则';
    const [rule] = await server.db
      .insert(sysDataRules)
      .values({ permissionId: menu!.id, name: ruleName, scope: 'self' })
      .returning();
    // [table, field, value, its parent (or menu), its record, 保存's message, a parent where it is free]
    const cases: Array<[string, string, string, string | null, string | number, string, string | null]> = [
      [
        'sys_orgs',
        'name',
        child!.name,
        String(child!.parentId),
        child!.id,
        '同一上级机构下已有同名机构，请更换名称',
        null,
      ],
      [
        'sys_orgs',
        'name',
        rootOrg!.name,
        null,
        rootOrg!.id,
        '同一上级机构下已有同名机构，请更换名称',
        String(child!.id),
      ],
      [
        'regions',
        'name',
        region!.name,
        region!.parentCode,
        region!.code,
        '同一上级区域下已有同名区域，请更换',
        '999999',
      ],
      [
        'sys_data_rules',
        'name',
        ruleName,
        String(menu!.id),
        rule!.id,
        '该菜单下已有同名规则，请更换名称',
        String(menu!.id + 100000),
      ],
    ];
    for (const [tableName, fieldName, fieldVal, withinVal, dataId, message, elsewhere] of cases) {
      const body = { tableName, fieldName, fieldVal, withinVal };
      expect((await duplicate(body)).envelope.dataSet, `${tableName} ${fieldVal}`).toEqual({ valid: false, message });
      // Itself aside; the same name under another parent (or menu) is free.
      expect((await duplicate({ ...body, dataId: String(dataId) })).envelope.dataSet.valid).toBe(true);
      expect((await duplicate({ ...body, withinVal: elsewhere })).envelope.dataSet.valid).toBe(true);
    }
    // A parent named by id must be one.
    expect(
      (await duplicate({ tableName: 'sys_orgs', fieldName: 'name', fieldVal: 'x', withinVal: '1 or 1=1' })).envelope,
    ).toMatchObject({ rtnCode: '400', rtnMessage: '参数错误：上级记录编号格式不正确' });
  });

  it('refuses a caller without the module’s add or edit code, whatever the value', async () => {
    for (const [tableName, fieldName] of [
      ['banks', 'code'],
      ['regions', 'code'],
      ['sys_apps', 'appCode'],
      ['sys_sms_templates', 'code'],
      ['sys_orgs', 'code'],
      ['dict_items', 'itemCode'],
      ['sys_roles', 'name'],
      ['sys_posts', 'name'],
      ['sys_permissions', 'code'],
      ['sys_orgs', 'name'],
      ['regions', 'name'],
      ['sys_data_rules', 'name'],
    ]) {
      const asked = await duplicate({ tableName, fieldName, fieldVal: 'x', dataId: 'not-an-id' }, editor);
      expect(asked.envelope, `${tableName}.${fieldName}`).toEqual({
        rtnCode: '403',
        rtnMessage: '没有权限校验该字段',
        dataSet: null,
      });
    }
  });

  it('answers the content editor about catalogue codes: it holds 新增栏目', async () => {
    const [catalog] = await server.db.select().from(cmsCatalogs).limit(1);
    const asked = await duplicate({ tableName: 'cms_catalogs', fieldName: 'code', fieldVal: catalog!.code }, editor);
    expect(asked.envelope.dataSet).toEqual({ valid: false, message: '该栏目编码已被使用，请更换' });
  });

  it('refuses pairs no resource declares', async () => {
    for (const [tableName, fieldName] of [
      ['banks', 'accountBank'],
      ['sys_orgs', 'sort'],
      ['regions', 'level'],
      ['sys_data_rules', 'scope'],
      ['sys_permissions', 'path'],
      ['sys_notices', 'title'],
      ['dict_items', 'categoryCode'],
    ]) {
      expect(
        (await duplicate({ tableName, fieldName, fieldVal: 'x' })).envelope,
        `${tableName}.${fieldName}`,
      ).toMatchObject({ rtnCode: '400', rtnMessage: '不支持的校验字段' });
    }
    expect([...RESOURCE_CHECKS.keys()]).toEqual(
      expect.arrayContaining(['sys_roles.code', 'sys_posts.code', 'dict_categories.code', 'dict_items.itemCode']),
    );
  });

  it('keeps the value limits of the contract', async () => {
    const long = await duplicate({
      tableName: 'dict_items',
      fieldName: 'itemCode',
      fieldVal: 'x',
      withinVal: 'y'.repeat(65),
    });
    expect(long.envelope.rtnCode).toBe('400');
    const badId = await duplicate({ tableName: 'banks', fieldName: 'code', fieldVal: 'x', dataId: '1 or 1=1' });
    expect(badId.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '参数错误：dataId（记录编号）格式不正确' });
  });
});
