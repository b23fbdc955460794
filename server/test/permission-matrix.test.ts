import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsAdminCodes } from '@cotton/sdk/contracts';
import { permissionsOf } from '../src/modules/auth/permissions';
import { resolveSession } from '../src/modules/auth/session';
import { ADMIN, EDITOR, loginToken, REVIEWER, type Credentials } from './auth-helpers';
import { SEED_ENTERPRISE_ACCOUNTS, SEED_ENTERPRISE_SUB_ACCOUNTS } from '../src/seed/auth';
import { startTestServer, type TestServer } from './helpers';

/**
 * Every route declaring `config.permission` (read from the app itself, so a new protected
 * route is in the matrix without editing this file) × anonymous and each seeded role:
 * anonymous → 401; a role → 403 unless it holds the permission (or the route only needs a
 * login), allowed otherwise (anything but 401/403: the empty body may well be a 400).
 */

let server: TestServer;
const roles: Array<{ name: string; token: string; codes: Set<string> }> = [];
/** Routes open to any user (`permission: null`) whose handler asks for one of these codes. */
const CHECKED_IN_HANDLER: Record<string, readonly string[]> = {
  'POST /rest/cmsAdmin/uploadImage': [cmsAdminCodes.contentAdd, cmsAdminCodes.contentEdit],
};
/** The roles logged in with a centre (CNCE) account. */
const CENTRE_ROLES = new Set(['sysadmin', 'reviewer', 'editor']);
const ROLE_LOGINS: Array<[string, Credentials]> = [
  ['sysadmin', ADMIN],
  ['reviewer', REVIEWER],
  ['editor', EDITOR],
  // An approved enterprise's administrator (the seed's demo enterprise).
  [
    'trader_admin',
    {
      code: SEED_ENTERPRISE_ACCOUNTS[0].enterpriseCode,
      username: SEED_ENTERPRISE_ACCOUNTS[0].loginName,
      password: SEED_ENTERPRISE_ACCOUNTS[0].password,
    },
  ],
  // One of its sub-accounts.
  [
    'enterprise_staff',
    {
      code: SEED_ENTERPRISE_SUB_ACCOUNTS[0].enterpriseCode,
      username: SEED_ENTERPRISE_SUB_ACCOUNTS[0].loginName,
      password: SEED_ENTERPRISE_SUB_ACCOUNTS[0].password,
    },
  ],
];

beforeAll(async () => {
  server = await startTestServer();
  for (const [name, credentials] of ROLE_LOGINS) {
    const token = await loginToken(server, credentials);
    const resolved = await resolveSession(server.db, token);
    const codes = new Set((await permissionsOf(server.db, resolved!.user.id)).map((permission) => permission.code));
    roles.push({ name, token, codes });
  }
});
afterAll(async () => {
  await server?.close();
});

async function call(
  method: string,
  url: string,
  token: string | null,
): Promise<{ status: number; rtnCode: string | null; rtnMessage: string | null }> {
  const path = url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x');
  const headers: Record<string, string> = token ? { authorization: token } : {};
  const response = await fetch(server.baseUrl + path, {
    method,
    headers: method === 'GET' || method === 'DELETE' ? headers : { ...headers, 'content-type': 'application/json' },
    body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
    redirect: 'manual',
  });
  const text = await response.text();
  let body: { rtnCode?: unknown; rtnMessage?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = {};
  }
  return {
    status: response.status,
    rtnCode: typeof body.rtnCode === 'string' ? body.rtnCode : null,
    rtnMessage: typeof body.rtnMessage === 'string' ? body.rtnMessage : null,
  };
}

describe('permission matrix', () => {
  it('covers the protected routes of docs/auth.md', () => {
    const declared = server.app.protectedRoutes.map((route) => `${route.method} ${route.url} ${route.permission}`);
    expect(declared).toEqual(
      expect.arrayContaining([
        'POST /rest/auth/init null',
        'POST /rest/user/accountCenter null',
        'POST /rest/user/UpdUserDefault null',
        'POST /rest/user/valPwd null',
        'POST /rest/user/UpdPwd null',
        'POST /rest/overview/summary null',
        'POST /rest/menu/addMenuView null',
        'POST /rest/menu/UserNearMenuList null',
        'POST /rest/menu/UserMenuList null',
        'POST /rest/smsService/getSmsByPage system:sms:list',
        'POST /rest/smsService/exportSmsXls system:sms:list',
        'POST /rest/smsService/deleteSmsById system:sms:delete',
        'POST /rest/smsService/deleteSmsByIds system:sms:delete',
        'POST /rest/user/getUserPage system:user:list',
        'POST /rest/user/AddUser system:user:add',
        'POST /rest/user/UpdUser system:user:edit',
        'POST /rest/user/DelUser system:user:delete',
        'POST /rest/user/UpdFrozenUser system:user:edit',
        'POST /rest/user/UpdPwdUser system:user:edit',
        'POST /rest/user/getUserBindRoles system:user:list',
        'POST /rest/user/getAllUser system:user:list',
        'POST /rest/user/getUserIdsUser system:user:list',
        'POST /rest/user/exportXls system:user:export',
        'POST /rest/user/importTemplate system:user:import',
        'POST /rest/user/importXls system:user:import',
        'POST /rest/user/getUserThirdAccounts system:user:list',
        'POST /rest/user/delUserThirdAccount system:user:edit',
        'POST /rest/thirdLogin/getMyThirdAccounts null',
        'POST /rest/thirdLogin/bindStart null',
        'POST /rest/thirdLogin/unbindMyThirdAccount null',
        'POST /rest/log/getOperationLogPage system:log:operation',
        'POST /rest/log/getOperationLogDetail system:log:operation',
        'POST /rest/log/exportOperationLog system:log:operation:export',
        'POST /rest/log/getLoginLogPage system:log:login',
        'POST /rest/log/exportLoginLog system:log:login:export',
        'POST /rest/log/getVisitLogPage system:log:visit',
        'POST /rest/log/exportVisitLog system:log:visit:export',
        'POST /rest/role/getRolePage system:role:list',
        'POST /rest/role/addRole system:role:add',
        'POST /rest/role/updRole system:role:edit',
        'POST /rest/role/delRole system:role:delete',
        'POST /rest/role/getRolePermissions system:role:grant',
        'POST /rest/role/saveRolePermissions system:role:grant',
        'POST /rest/role/exportXls system:role:export',
        'POST /rest/app/getAppPage system:app:list',
        'POST /rest/app/getAppOptions system:app:list',
        'POST /rest/app/addApp system:app:add',
        'POST /rest/app/updApp system:app:edit',
        'POST /rest/app/delApp system:app:delete',
        'POST /rest/app/exportXls system:app:export',
        'POST /rest/menu/getMenuTree system:menu:list',
        'POST /rest/menu/addMenuRel system:menu:edit',
        'POST /rest/menu/moveMenu system:menu:edit',
        'POST /rest/menu/delMenuRel system:menu:delete',
        'POST /rest/menu/exportXls system:menu:export',
        'POST /rest/organ/getOrganTree system:org:list',
        'POST /rest/organ/addOrgan system:org:add',
        'POST /rest/organ/updOrgan system:org:edit',
        'POST /rest/organ/delOrgan system:org:delete',
        'POST /rest/organ/exportXls system:org:export',
        'POST /rest/postService/getPostPage system:post:list',
        'POST /rest/postService/addPost system:post:add',
        'POST /rest/postService/updPost system:post:edit',
        'POST /rest/postService/delPost system:post:delete',
        'POST /rest/postService/exportXls system:post:export',
        'POST /rest/datapermission/getDataRulePage system:datarule:list',
        'POST /rest/datapermission/getDataRuleOptions system:datarule:list',
        'POST /rest/datapermission/addDataRule system:datarule:add',
        'POST /rest/datapermission/updDataRule system:datarule:edit',
        'POST /rest/datapermission/delDataRule system:datarule:delete',
        'POST /rest/datapermission/exportXls system:datarule:export',
        'POST /rest/plugin/getPluginPage system:plugin:list',
        'POST /rest/plugin/getPluginVersions system:plugin:list',
        'POST /rest/plugin/exportXls system:plugin:export',
        'POST /rest/plugin/installPlugin system:plugin:install',
        'POST /rest/plugin/activateVersion system:plugin:manage',
        'POST /rest/plugin/enablePlugin system:plugin:manage',
        'POST /rest/plugin/disablePlugin system:plugin:manage',
        'POST /rest/plugin/uninstallPlugin system:plugin:manage',
        'POST /rest/plugin/getPublisherKeys system:plugin:list',
        'POST /rest/plugin/addPublisherKey system:plugin:manage',
        'POST /rest/plugin/removePublisherKey system:plugin:manage',
        'POST /rest/dict/getDictPage system:dict:list',
        'POST /rest/dict/exportXls system:dict:list',
        'POST /rest/dict/addDict system:dict:add',
        'POST /rest/dict/updDict system:dict:edit',
        'POST /rest/dict/delDict system:dict:delete',
        'POST /rest/dictItem/getDictItemPage system:dict:list',
        'POST /rest/dictItem/exportXls system:dict:list',
        'POST /rest/dictItem/addDictItem system:dict:add',
        'POST /rest/dictItem/updDictItem system:dict:edit',
        'POST /rest/dictItem/updDictItemStatus system:dict:edit',
        'POST /rest/dictItem/moveDictItem system:dict:edit',
        'POST /rest/dictItem/delDictItem system:dict:delete',
        'POST /rest/region/getRegionPage system:region:list',
        'POST /rest/region/exportXls system:region:list',
        'POST /rest/region/addRegion system:region:add',
        'POST /rest/region/updRegion system:region:edit',
        'POST /rest/region/updRegionStatus system:region:edit',
        'POST /rest/bank/getBankPage system:bank:list',
        'POST /rest/bank/exportXls system:bank:list',
        'POST /rest/bank/addBank system:bank:add',
        'POST /rest/bank/updBank system:bank:edit',
        'POST /rest/bank/updBankStatus system:bank:edit',
        'POST /rest/noticeService/getNoticeByPage system:notice:list',
        'POST /rest/noticeService/exportNoticeXls system:notice:list',
        'POST /rest/noticeService/getNoticeTargets system:notice:list',
        'POST /rest/noticeService/getNoticeById null',
        'POST /rest/noticeService/addNotice system:notice:add',
        'POST /rest/noticeService/updNotice system:notice:edit',
        'POST /rest/noticeService/updateStatus system:notice:publish',
        'POST /rest/noticeService/SyncNoticeByIds system:notice:publish',
        'POST /rest/noticeService/deleteNoticeById system:notice:delete',
        'POST /rest/noticeService/deleteNoticeByIds system:notice:delete',
        'POST /rest/noticeService/getHeaderNotice null',
        'POST /rest/noticeService/getNoticeByUserPage null',
        'POST /rest/noticeService/updateReadStatus null',
        'POST /rest/templateService/getTemplateByPage system:smstemplate:list',
        'POST /rest/templateService/exportTemplateXls system:smstemplate:list',
        'POST /rest/templateService/addTemplate system:smstemplate:add',
        'POST /rest/templateService/updTemplate system:smstemplate:edit',
        'POST /rest/templateService/deleteTemplateById system:smstemplate:delete',
        'POST /rest/templateService/deleteTemplateByIds system:smstemplate:delete',
        'POST /rest/templateService/sendMsg system:smstemplate:send',
        'POST /rest/enterprise/getEnterpriseInfo enterprise:info:view',
        'POST /rest/enterprise/getChangeForm enterprise:info:change',
        'POST /rest/enterprise/submitChangeApply enterprise:info:change',
      ]),
    );
    expect(roles.map((role) => role.name)).toEqual([
      'sysadmin',
      'reviewer',
      'editor',
      'trader_admin',
      'enterprise_staff',
    ]);
  });

  // Every protected route for every role, one call after another (~2,000 calls): more than the
  // 30 s default on a busy machine, growing with the routes.
  it(
    'answers 401 to anonymous callers and 401/403/allowed to each role per its grants',
    { timeout: 120_000 },
    async () => {
      const failures: string[] = [];
      for (const route of server.app.protectedRoutes) {
        const anonymous = await call(route.method, route.url, null);
        if (anonymous.rtnCode !== '401' || anonymous.rtnMessage !== '未授权，请重新登录') {
          failures.push(`anonymous ${route.method} ${route.url}: ${anonymous.rtnCode}`);
        }
        for (const role of roles) {
          const inHandler = CHECKED_IN_HANDLER[`${route.method} ${route.url}`];
          const allowed = inHandler
            ? inHandler.some((code) => role.codes.has(code))
            : route.permission === null || role.codes.has(route.permission);
          const answer = await call(route.method, route.url, role.token);
          // 企业管理 › 用户管理 is for registered enterprises: the centre's users are refused it whatever they hold.
          if (allowed && route.url.startsWith('/rest/enterprise/user/') && CENTRE_ROLES.has(role.name)) {
            if (answer.rtnCode !== '403' || !answer.rtnMessage?.startsWith('企业管理仅供注册审核通过的企业使用'))
              failures.push(`${role.name} ${route.method} ${route.url}: ${answer.rtnCode}, expected the centre's 403`);
            continue;
          }
          if (answer.rtnCode === '401') failures.push(`${role.name} ${route.method} ${route.url}: 401`);
          else if (allowed && answer.rtnCode === '403')
            failures.push(`${role.name} ${route.method} ${route.url}: 403, expected allowed`);
          else if (!allowed && (answer.rtnCode !== '403' || answer.rtnMessage !== '没有权限访问该功能')) {
            failures.push(`${role.name} ${route.method} ${route.url}: ${answer.rtnCode}, expected 403`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('grants the seeded roles what docs/auth.md says', () => {
    const byName = Object.fromEntries(roles.map((role) => [role.name, [...role.codes].sort()]));
    expect(byName.sysadmin).toEqual([
      'cms:article:list',
      'cms:banner:list',
      'cms:catalog:add',
      'cms:catalog:delete',
      'cms:catalog:edit',
      'cms:catalog:export',
      'cms:catalog:list',
      'cms:complain:handle',
      'cms:complain:list',
      'cms:content:add',
      'cms:content:delete',
      'cms:content:edit',
      'cms:content:list',
      'cms:content:publish',
      'cms:site:edit',
      'cms:site:list',
      'enterprise:info:change',
      'enterprise:info:view',
      'enterprise:user:add',
      'enterprise:user:delete',
      'enterprise:user:edit',
      'enterprise:user:list',
      'register:apply:list',
      'register:review',
      'register:review:export',
      'system:app:add',
      'system:app:delete',
      'system:app:edit',
      'system:app:export',
      'system:app:list',
      'system:bank:add',
      'system:bank:edit',
      'system:bank:import',
      'system:bank:list',
      'system:datarule:add',
      'system:datarule:delete',
      'system:datarule:edit',
      'system:datarule:export',
      'system:datarule:list',
      'system:dict:add',
      'system:dict:delete',
      'system:dict:edit',
      'system:dict:import',
      'system:dict:list',
      'system:icon:add',
      'system:icon:delete',
      'system:icon:list',
      'system:log:login',
      'system:log:login:export',
      'system:log:operation',
      'system:log:operation:export',
      'system:log:visit',
      'system:log:visit:export',
      'system:menu:delete',
      'system:menu:edit',
      'system:menu:export',
      'system:menu:list',
      'system:monitor:view',
      'system:notice:add',
      'system:notice:delete',
      'system:notice:edit',
      'system:notice:list',
      'system:notice:publish',
      'system:org:add',
      'system:org:delete',
      'system:org:edit',
      'system:org:export',
      'system:org:import',
      'system:org:list',
      'system:plugin:export',
      'system:plugin:install',
      'system:plugin:list',
      'system:plugin:manage',
      'system:post:add',
      'system:post:delete',
      'system:post:edit',
      'system:post:export',
      'system:post:import',
      'system:post:list',
      'system:region:add',
      'system:region:edit',
      'system:region:import',
      'system:region:list',
      'system:role:add',
      'system:role:delete',
      'system:role:edit',
      'system:role:export',
      'system:role:grant',
      'system:role:list',
      'system:sms:delete',
      'system:sms:list',
      'system:smstemplate:add',
      'system:smstemplate:delete',
      'system:smstemplate:edit',
      'system:smstemplate:import',
      'system:smstemplate:list',
      'system:smstemplate:send',
      'system:task:add',
      'system:task:delete',
      'system:task:edit',
      'system:task:list',
      'system:task:run',
      'system:user:add',
      'system:user:delete',
      'system:user:edit',
      'system:user:export',
      'system:user:import',
      'system:user:list',
    ]);
    expect(byName.reviewer).toEqual(['register:apply:list', 'register:review', 'register:review:export']);
    expect(byName.trader_admin).toEqual([
      'enterprise:info:change',
      'enterprise:info:view',
      'enterprise:user:add',
      'enterprise:user:delete',
      'enterprise:user:edit',
      'enterprise:user:list',
    ]);
    expect(byName.enterprise_staff).toEqual(['enterprise:info:view']);
    expect(byName.editor).toEqual([
      'cms:article:list',
      'cms:banner:list',
      'cms:catalog:add',
      'cms:catalog:delete',
      'cms:catalog:edit',
      'cms:catalog:export',
      'cms:catalog:list',
      'cms:complain:handle',
      'cms:complain:list',
      'cms:content:add',
      'cms:content:delete',
      'cms:content:edit',
      'cms:content:list',
      'cms:content:publish',
      'cms:site:edit',
      'cms:site:list',
    ]);
  });
});
