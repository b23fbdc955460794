import { randomInt } from 'node:crypto';
import ExcelJS from 'exceljs';
import { request as playwrightRequest, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { expect, test, type Locator, type Page } from './fixtures';
import { formLoginOverHttp, sessionOverHttp } from './login-api';
import { BUSINESS_CODE, openMenu, signIn } from './staff';

// 详情 and 导出 on every generic admin list (issue 31), one table row a list: the list opened
// from the side menu, a row's 详情 shows a value, a filter is applied and 导出 writes exactly the
// rows it matches, one row is ticked and 导出 writes that row alone — headers are labels, values
// labels not codes, times China time. The rows are the test's own, made over HTTP with codes
// no other journey uses (a fresh run token each time: the file runs side by side with itself),
// except where a list only reads what the system keeps (插件, 区域, 注册审核), which are read,
// never changed. Imports: list-import.spec.ts; the trees (机构, 栏目): tree-export.spec.ts.
// Accounts: docs/auth.md.

test.describe.configure({ retries: 0 });

/** The portal under test (playwright.config.ts), for the requests made outside the page. */
const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

type Send = <T = unknown>(path: string, data?: unknown) => Promise<T>;

interface Account {
  code: string;
  username: string;
  password: string;
}

const ADMIN: Account = { code: BUSINESS_CODE, username: 'admin', password: 'Admin@2026' };
/** 新疆天山棉业有限公司's administrator (企业管理 › 用户管理). */
const TRADER: Account = { code: 'M000005', username: 'admin', password: 'Qiye@2026' };

/** A filter as typed into the search form, or picked from one of its selects. */
type Filter = { placeholder: string; value: string } | { select: string; option: string };

interface SweepCase {
  /** The list's name; the test's title. */
  list: string;
  account?: Account;
  menu: [group: string, item: string];
  url: RegExp;
  /** The list's container. */
  testId: string;
  /** Rows of the test's own, over HTTP as the account; what `open` needs back. */
  seed?: (send: Send) => Promise<Record<string, string>>;
  /** From the list to the list looked at, when it is inside another (字典项, 执行记录). */
  open?: (page: Page, list: Locator, seeded: Record<string, string>) => Promise<Locator>;
  /** The row whose 详情 is opened (its text), and a line it shows: `list-detail-<key>`, or any text. */
  detail: { row: string; button?: string; key?: string; shows: string | RegExp };
  filters: Filter[];
  /** The header that names a row in the file. */
  key: string;
  /** Every row the filter exports satisfies this; the test's own rows among them. */
  filtered: { header: string; matches: (value: string) => boolean; includes: string[] };
  /** The row ticked (its `key` value, shown in its row). */
  tick: string;
  file: string;
  /** The file's first headers, in order. */
  headers: string[];
  /** The ticked row's values by header (labels, not codes). */
  row: Record<string, string | RegExp>;
  /** Headers of times the test's own rows were just given: China time, now. */
  fresh?: string[];
  /** After the test: what it made that others would see (an app in every header). */
  cleanup?: (send: Send) => Promise<void>;
}

/** `2026-04-01 08:30:00` in China time, within ten minutes of now (UTC would be eight hours off). */
function expectChinaNow(value: string, header: string) {
  expect(value, header).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/);
  const at = new Date(`${value.replace(' ', 'T')}+08:00`).getTime();
  expect(Math.abs(at - Date.now()), `${header} ${value} is China time`).toBeLessThan(10 * 60_000);
}

const contains = (part: string) => (value: string) => value.includes(part);

/** Requests of a caller other than the page's (a visitor, another user), their cookies their own. */
async function withRequest<T>(use: (request: APIRequestContext) => Promise<T>): Promise<T> {
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
  try {
    return await use(request);
  } finally {
    await request.dispose();
  }
}

/** The table, for a run token `u` (six digits) that makes the rows' codes and names this run's own. */
function casesFor(u: string): SweepCase[] {
  const role = async (send: Send, name: string) => {
    const { roles } = await send<{ roles: Array<{ id: string; name: string }> }>(
      '/rest/datapermission/getDataRuleOptions',
    );
    return roles.find((r) => r.name === name)!.id;
  };
  /**
   * A system administrator of the test's own, who signs in twice and works: the logs' rows are
   * theirs, found by their login name whatever other journeys log meanwhile.
   */
  const operator = async (send: Send, work: (own: Send) => Promise<void>) => {
    const loginName = `sweep${u}op`;
    const password = 'Sweep@2026';
    await send('/rest/user/AddUser', {
      loginName,
      realname: `清单操作员${u}`,
      password,
      roleIds: [await role(send, '系统管理员')],
    });
    // Two logins (登录日志's rows); the second's session does the work.
    await withRequest((request) => formLoginOverHttp(request, BUSINESS_CODE, loginName, password));
    await withRequest(async (request) => {
      const { token } = await sessionOverHttp(request, BUSINESS_CODE, loginName, password);
      await work(sender(request, token));
    });
    return { loginName };
  };

  return [
    {
      list: '用户管理',
      menu: ['系统管理', '用户管理'],
      url: /\/system\/user$/,
      testId: 'user-list',
      async seed(send) {
        for (const [suffix, name] of [
          ['a', '甲'],
          ['b', '乙'],
        ])
          await send('/rest/user/AddUser', {
            loginName: `sweep${u}${suffix}`,
            realname: `清单${name}${u}`,
            password: 'Sweep@2026',
            phone: `139${u}0${suffix === 'a' ? 1 : 2}`,
            roleIds: [],
          });
        return {};
      },
      detail: { row: `sweep${u}a`, key: 'realname', shows: `清单甲${u}` },
      filters: [{ placeholder: '请输入登录名', value: `sweep${u}` }],
      key: '登录名',
      filtered: { header: '登录名', matches: contains(`sweep${u}`), includes: [`sweep${u}a`, `sweep${u}b`] },
      tick: `sweep${u}b`,
      file: '用户列表.xlsx',
      headers: ['登录名', '姓名', '手机号码', '邮箱', '所属企业', '所属机构', '岗位', '角色', '状态', '创建时间'],
      row: { 登录名: `sweep${u}b`, 姓名: `清单乙${u}`, 手机号码: `139${u}02`, 状态: '正常' },
      fresh: ['创建时间'],
    },
    {
      list: '企业管理 › 用户管理',
      account: TRADER,
      menu: ['企业管理', '用户管理'],
      url: /\/enterprise\/user$/,
      testId: 'user-list',
      async seed(send) {
        for (const [suffix, name] of [
          ['a', '甲'],
          ['b', '乙'],
        ])
          await send('/rest/enterprise/user/AddUser', {
            loginName: `esweep${u}${suffix}`,
            realname: `企业清单${name}${u}`,
            password: 'Sweep@2026',
            roleIds: [],
          });
        return {};
      },
      detail: { row: `esweep${u}a`, key: 'realname', shows: `企业清单甲${u}` },
      filters: [{ placeholder: '请输入登录名', value: `esweep${u}` }],
      key: '登录名',
      filtered: { header: '登录名', matches: contains(`esweep${u}`), includes: [`esweep${u}a`, `esweep${u}b`] },
      tick: `esweep${u}a`,
      file: '用户列表.xlsx',
      // An enterprise's accounts have no organisation or posts: the list shows none, nor does the file.
      headers: ['登录名', '姓名', '手机号码', '邮箱', '角色', '状态', '创建时间'],
      row: { 登录名: `esweep${u}a`, 姓名: `企业清单甲${u}`, 状态: '正常' },
      fresh: ['创建时间'],
    },
    {
      list: '角色管理',
      menu: ['系统管理', '角色管理'],
      url: /\/system\/role$/,
      testId: 'role-list',
      async seed(send) {
        await send('/rest/role/addRole', { code: `sweep_${u}_a`, name: `清单角色甲${u}`, description: '清单核对' });
        await send('/rest/role/addRole', { code: `sweep_${u}_b`, name: `清单角色乙${u}`, enterpriseGrantable: true });
        return {};
      },
      detail: { row: `sweep_${u}_a`, key: 'description', shows: '清单核对' },
      filters: [{ placeholder: '请输入角色编码', value: `sweep_${u}` }],
      key: '角色编码',
      filtered: { header: '角色编码', matches: contains(`sweep_${u}`), includes: [`sweep_${u}_a`, `sweep_${u}_b`] },
      tick: `sweep_${u}_b`,
      file: '角色列表.xlsx',
      headers: ['角色编码', '角色名称', '描述', '用户数', '授予范围', '创建时间'],
      row: { 角色编码: `sweep_${u}_b`, 角色名称: `清单角色乙${u}`, 用户数: '0', 授予范围: '企业可授予' },
      fresh: ['创建时间'],
    },
    {
      list: '岗位管理',
      menu: ['系统管理', '岗位管理'],
      url: /\/system\/post$/,
      testId: 'post-list',
      async seed(send) {
        await send('/rest/postService/addPost', { code: `sweep_${u}_a`, name: `清单岗位甲${u}`, status: '1' });
        await send('/rest/postService/addPost', {
          code: `sweep_${u}_b`,
          name: `清单岗位乙${u}`,
          status: '2',
          description: '清单核对',
        });
        return {};
      },
      detail: { row: `sweep_${u}_b`, key: 'description', shows: '清单核对' },
      filters: [{ placeholder: '请输入岗位编码', value: `sweep_${u}` }],
      key: '岗位编码',
      filtered: { header: '岗位编码', matches: contains(`sweep_${u}`), includes: [`sweep_${u}_a`, `sweep_${u}_b`] },
      tick: `sweep_${u}_b`,
      file: '岗位列表.xlsx',
      headers: ['岗位编码', '岗位名称', '排序', '状态', '描述', '在岗人数', '创建时间'],
      row: { 岗位编码: `sweep_${u}_b`, 岗位名称: `清单岗位乙${u}`, 状态: '停用', 描述: '清单核对', 在岗人数: '0' },
      fresh: ['创建时间'],
    },
    {
      list: '应用管理',
      menu: ['系统管理', '应用管理'],
      url: /\/system\/app$/,
      testId: 'app-list',
      async seed(send) {
        for (const suffix of ['A', 'B'])
          await send('/rest/app/addApp', {
            appCode: `SWEEP${u}${suffix}`,
            appName: `清单应用${suffix}${u}`,
            visitUrl: '/project/display',
            menus: [],
            sort: 90,
          });
        return {};
      },
      detail: { row: `SWEEP${u}A`, key: 'appName', shows: `清单应用A${u}` },
      filters: [{ placeholder: '请输入应用编码', value: `SWEEP${u}` }],
      key: '应用编码',
      filtered: { header: '应用编码', matches: contains(`SWEEP${u}`), includes: [`SWEEP${u}A`, `SWEEP${u}B`] },
      tick: `SWEEP${u}A`,
      file: '应用列表.xlsx',
      headers: ['应用编码', '应用名称', '访问地址', '图标', '包含菜单', '排序'],
      row: { 应用编码: `SWEEP${u}A`, 应用名称: `清单应用A${u}`, 访问地址: '/project/display', 排序: '90' },
      // Apps are offered in every user's header: gone again after the test.
      async cleanup(send) {
        await send('/rest/app/delApp', { ids: `SWEEP${u}A,SWEEP${u}B` });
      },
    },
    {
      list: '数据权限',
      menu: ['系统管理', '数据权限'],
      url: /\/system\/data-rule$/,
      testId: 'data-rule-list',
      async seed(send) {
        const { menus } = await send<{ menus: Array<{ id: string; name: string }> }>(
          '/rest/datapermission/getDataRuleOptions',
        );
        const menuId = menus.find((menu) => menu.name === '登录日志')!.id;
        // No roles: rules that hold for nobody.
        await send('/rest/datapermission/addDataRule', { menuId, name: `清单规则甲${u}`, scope: 'self', roleIds: [] });
        await send('/rest/datapermission/addDataRule', { menuId, name: `清单规则乙${u}`, scope: 'org', roleIds: [] });
        return {};
      },
      detail: { row: `清单规则甲${u}`, key: 'scope', shows: '仅本人' },
      filters: [{ placeholder: '请输入规则名称', value: `清单规则` }],
      key: '规则名称',
      filtered: {
        header: '规则名称',
        matches: contains('清单规则'),
        includes: [`清单规则甲${u}`, `清单规则乙${u}`],
      },
      tick: `清单规则乙${u}`,
      file: '数据权限.xlsx',
      headers: ['菜单', '规则名称', '数据范围', '角色', '创建时间'],
      row: { 菜单: '登录日志', 规则名称: `清单规则乙${u}`, 数据范围: '本机构' },
      fresh: ['创建时间'],
    },
    {
      list: '数据字典',
      menu: ['系统管理', '数据字典'],
      url: /\/system\/dict$/,
      testId: 'dict-list',
      async seed(send) {
        await send('/rest/dict/addDict', { code: `SWEEP_${u}_A`, name: `清单字典甲${u}`, description: '清单核对' });
        await send('/rest/dict/addDict', { code: `SWEEP_${u}_B`, name: `清单字典乙${u}` });
        return {};
      },
      detail: { row: `SWEEP_${u}_A`, key: 'description', shows: '清单核对' },
      filters: [{ placeholder: '请输入字典编码', value: `SWEEP_${u}` }],
      key: '字典编码',
      filtered: { header: '字典编码', matches: contains(`SWEEP_${u}`), includes: [`SWEEP_${u}_A`, `SWEEP_${u}_B`] },
      tick: `SWEEP_${u}_A`,
      file: '数据字典.xlsx',
      headers: ['字典编码', '字典名称', '描述', '字典项数', '启用项数', '系统字典', '创建时间'],
      row: { 字典编码: `SWEEP_${u}_A`, 字典名称: `清单字典甲${u}`, 字典项数: '0', 系统字典: '否' },
      fresh: ['创建时间'],
    },
    {
      list: '数据字典 › 字典项',
      menu: ['系统管理', '数据字典'],
      url: /\/system\/dict$/,
      testId: 'dict-list',
      async seed(send) {
        const categoryCode = `SWEEP_${u}_I`;
        await send('/rest/dict/addDict', { code: categoryCode, name: `清单字典项${u}` });
        await send('/rest/dictItem/addDictItem', {
          categoryCode,
          itemCode: 'a1',
          itemValue: '清单项甲',
          sort: 1,
          status: '1',
        });
        await send('/rest/dictItem/addDictItem', {
          categoryCode,
          itemCode: 'b2',
          itemValue: '清单项乙',
          sort: 2,
          status: '2',
        });
        await send('/rest/dictItem/addDictItem', {
          categoryCode,
          itemCode: 'c3',
          itemValue: '其他项',
          sort: 3,
          status: '1',
        });
        return { categoryCode };
      },
      async open(page, dicts, { categoryCode }) {
        await dicts.getByPlaceholder('请输入字典编码').fill(categoryCode);
        await dicts.getByTestId('list-search-form').getByRole('button', { name: '查询', exact: true }).click();
        await dicts.getByTestId(`dict-items-${categoryCode}`).click();
        return page.getByTestId('dict-items');
      },
      detail: { row: '清单项乙', key: 'status', shows: '停用' },
      filters: [{ placeholder: '请输入字典项名称', value: '清单项' }],
      key: '字典项编码',
      filtered: { header: '字典项名称', matches: contains('清单项'), includes: ['a1', 'b2'] },
      tick: 'b2',
      file: `字典项-SWEEP_${u}_I.xlsx`,
      headers: ['字典编码', '字典项编码', '字典项名称'],
      row: { 字典编码: `SWEEP_${u}_I`, 字典项编码: 'b2', 字典项名称: '清单项乙', 状态: '停用' },
    },
    {
      list: '区域管理',
      menu: ['系统管理', '区域管理'],
      url: /\/system\/region$/,
      testId: 'region-list',
      detail: { row: '河北省', key: 'code', shows: '130000' },
      filters: [{ placeholder: '请输入区域名称', value: '河' }],
      key: '区域代码',
      filtered: { header: '区域名称', matches: contains('河'), includes: ['130000', '410000'] },
      tick: '河南省',
      file: '区域.xlsx',
      headers: ['区域代码', '区域名称', '上级区域代码', '级别', '排序', '状态', '下级区域数'],
      row: { 区域代码: '410000', 区域名称: '河南省', 级别: '省级' },
    },
    {
      list: '银行管理',
      menu: ['系统管理', '银行管理'],
      url: /\/system\/bank$/,
      testId: 'bank-list',
      async seed(send) {
        await send('/rest/bank/addBank', {
          code: `97${u}1`,
          name: `清单银行甲${u}`,
          sort: 90,
          status: '1',
          accountBank: true,
        });
        await send('/rest/bank/addBank', {
          code: `97${u}2`,
          name: `清单银行乙${u}`,
          sort: 91,
          status: '2',
          accountBank: false,
        });
        return {};
      },
      detail: { row: `清单银行甲${u}`, key: 'code', shows: `97${u}1` },
      filters: [{ placeholder: '请输入银行名称', value: `清单银行` }],
      key: '银行代码',
      filtered: { header: '银行名称', matches: contains('清单银行'), includes: [`97${u}1`, `97${u}2`] },
      tick: `97${u}2`,
      file: '银行.xlsx',
      headers: ['银行代码', '银行名称', '排序', '状态', '结算账户开户行', '创建时间'],
      row: { 银行代码: `97${u}2`, 银行名称: `清单银行乙${u}`, 状态: '停用', 结算账户开户行: '否' },
      fresh: ['创建时间'],
    },
    {
      list: '通知公告',
      menu: ['系统管理', '通知公告'],
      url: /\/system\/notice$/,
      testId: 'notice-list',
      // Drafts: nobody's bell rings.
      async seed(send) {
        await send('/rest/noticeService/addNotice', {
          title: `清单通知甲${u}`,
          content: '清单核对的通知',
          type: '1',
          audience: 'all',
        });
        await send('/rest/noticeService/addNotice', {
          title: `清单公告乙${u}`,
          content: '清单核对的公告',
          type: '2',
          audience: 'all',
        });
        return {};
      },
      detail: { row: `清单通知甲${u}`, shows: '清单核对的通知' },
      filters: [{ placeholder: '请输入标题', value: `${u}` }],
      key: '标题',
      filtered: { header: '标题', matches: contains(u), includes: [`清单通知甲${u}`, `清单公告乙${u}`] },
      tick: `清单公告乙${u}`,
      file: '通知公告.xlsx',
      headers: ['标题', '类型', '接收范围', '状态', '发布人', '发布时间', '已读人数', '创建时间'],
      row: { 标题: `清单公告乙${u}`, 类型: '公告', 接收范围: '全部用户', 状态: '草稿' },
      fresh: ['创建时间'],
    },
    {
      list: '短信模板',
      menu: ['系统管理', '短信模板'],
      url: /\/system\/sms-template$/,
      testId: 'template-list',
      async seed(send) {
        await send('/rest/templateService/addTemplate', {
          code: `SWEEP_${u}_A`,
          name: `清单模板甲${u}`,
          content: '您好 ${name}',
          variables: ['name'],
          enabled: true,
        });
        await send('/rest/templateService/addTemplate', {
          code: `SWEEP_${u}_B`,
          name: `清单模板乙${u}`,
          content: '清单核对',
          variables: [],
          enabled: false,
        });
        return {};
      },
      detail: { row: `SWEEP_${u}_A`, key: 'content', shows: '您好 ${name}' },
      filters: [{ placeholder: '请输入模板编码', value: `SWEEP_${u}` }],
      key: '模板编码',
      filtered: { header: '模板编码', matches: contains(`SWEEP_${u}`), includes: [`SWEEP_${u}_A`, `SWEEP_${u}_B`] },
      tick: `SWEEP_${u}_A`,
      file: '短信模板.xlsx',
      headers: ['模板编码', '模板名称', '模板内容', '变量', '状态', '系统模板', '创建时间'],
      row: { 模板编码: `SWEEP_${u}_A`, 模板内容: '您好 ${name}', 变量: 'name', 状态: '启用', 系统模板: '否' },
      fresh: ['创建时间'],
    },
    {
      list: '短信日志',
      menu: ['系统管理', '短信日志'],
      url: /\/system\/sms$/,
      testId: 'sms-log',
      async seed(send) {
        await send('/rest/templateService/addTemplate', {
          code: `SWEEP_${u}_S`,
          name: `清单发送${u}`,
          content: '清单核对 ${n}',
          variables: ['n'],
          enabled: true,
        });
        for (const n of ['1', '2'])
          await send('/rest/templateService/sendMsg', {
            code: `SWEEP_${u}_S`,
            mobile: `137${u}0${n}`,
            variables: { n },
          });
        return {};
      },
      detail: { row: `137${u}01`, shows: '清单核对 1' },
      filters: [{ placeholder: '请输入手机号码', value: `137${u}` }],
      key: '手机号码',
      filtered: { header: '手机号码', matches: contains(`137${u}`), includes: [`137${u}01`, `137${u}02`] },
      tick: `137${u}02`,
      file: '短信日志.xlsx',
      headers: ['手机号码', '模板编码', '短信内容', '发送通道', '状态', 'IP', '发送时间'],
      row: {
        手机号码: `137${u}02`,
        模板编码: `SWEEP_${u}_S`,
        短信内容: '清单核对 2',
        发送通道: '短信网关',
        状态: '已发送',
      },
      fresh: ['发送时间'],
    },
    {
      list: '定时任务',
      menu: ['系统管理', '定时任务'],
      url: /\/system\/task$/,
      testId: 'task-list',
      async seed(send) {
        for (const name of ['甲', '乙'])
          await send('/rest/task/addTask', {
            jobType: 'overview-statistics',
            name: `清单任务${name}${u}`,
            // Once a year: the engine leaves it alone during the test.
            cron: '0 0 2 1 1 *',
            params: { days: 1 },
            description: '清单核对',
          });
        return {};
      },
      detail: { row: `清单任务甲${u}`, key: 'description', shows: '清单核对' },
      filters: [{ placeholder: '请输入任务名称', value: u }],
      key: '任务名称',
      filtered: { header: '任务名称', matches: contains(u), includes: [`清单任务甲${u}`, `清单任务乙${u}`] },
      tick: `清单任务乙${u}`,
      file: '定时任务.xlsx',
      headers: ['任务名称', '任务类型', 'Cron 表达式', '状态', '下次执行', '上次结果', '描述', '创建时间'],
      row: { 任务名称: `清单任务乙${u}`, 任务类型: '每日业务统计', 'Cron 表达式': '0 0 2 1 1 *', 状态: '运行中' },
      fresh: ['创建时间'],
    },
    {
      list: '定时任务 › 执行记录',
      menu: ['系统管理', '定时任务'],
      url: /\/system\/task$/,
      testId: 'task-list',
      async seed(send) {
        const name = `清单执行${u}`;
        const { id } = await send<{ id: string }>('/rest/task/addTask', {
          jobType: 'overview-statistics',
          name,
          cron: '0 0 2 1 1 *',
          params: { days: 1 },
        });
        await send('/rest/task/runTask', { id });
        return { name };
      },
      async open(page, tasks, { name }) {
        await tasks.getByPlaceholder('请输入任务名称').fill(name);
        await tasks.getByTestId('list-search-form').getByRole('button', { name: '查询', exact: true }).click();
        await tasks.getByTestId(`task-history-${name}`).click();
        const history = page.getByTestId('task-runs');
        // The engine takes the queued run within seconds: 刷新 until it is done.
        await expect(async () => {
          await history.getByTestId('task-runs-refresh').click();
          await expect(history.locator('tr', { hasText: '立即执行' }).filter({ hasText: '成功' })).toBeVisible({
            timeout: 1000,
          });
        }).toPass({ timeout: 30_000 });
        return history;
      },
      detail: { row: '立即执行', key: 'trigger', shows: '立即执行' },
      // The history is of the task opened: that is its filter.
      filters: [],
      key: '任务名称',
      filtered: { header: '任务名称', matches: (value) => value === `清单执行${u}`, includes: [`清单执行${u}`] },
      tick: '立即执行',
      file: '执行记录.xlsx',
      headers: ['任务名称', '计划时间', '触发方式', '开始时间', '结束时间', '耗时', '结果'],
      row: { 任务名称: `清单执行${u}`, 触发方式: '立即执行', 结果: '成功' },
      fresh: ['开始时间'],
    },
    {
      list: '操作日志',
      menu: ['系统管理', '操作日志'],
      url: /\/system\/log\/operation$/,
      testId: 'operation-log',
      async seed(send) {
        return operator(send, async (own) => {
          await own('/rest/postService/addPost', { code: `sweep_${u}_o`, name: `清单日志岗${u}`, status: '1' });
          await own('/rest/dict/addDict', { code: `SWEEP_${u}_O`, name: `清单日志字典${u}` });
        });
      },
      detail: { row: '新增岗位', shows: `清单日志岗${u}` },
      filters: [{ placeholder: '请输入操作人', value: `sweep${u}op` }],
      key: '操作',
      filtered: { header: '操作人', matches: (value) => value === `sweep${u}op`, includes: [] },
      tick: '数据字典 · 新增字典',
      file: '操作日志.xlsx',
      headers: [
        '操作人',
        '姓名',
        '操作',
        '操作类型',
        '请求地址',
        '结果',
        '失败原因',
        'IP 地址',
        '耗时（毫秒）',
        '时间',
      ],
      row: {
        操作人: `sweep${u}op`,
        姓名: `清单操作员${u}`,
        操作类型: '新增',
        请求地址: '/rest/dict/addDict',
        结果: '成功',
      },
      fresh: ['时间'],
    },
    {
      list: '登录日志',
      menu: ['系统管理', '登录日志'],
      url: /\/system\/log\/login$/,
      testId: 'login-log',
      async seed(send) {
        return operator(send, async () => undefined);
      },
      detail: { row: `CNCE/sweep${u}op`, shows: '账号密码' },
      filters: [{ placeholder: '请输入登录账号', value: `sweep${u}op` }],
      key: '登录账号',
      filtered: { header: '用户', matches: (value) => value === `sweep${u}op`, includes: [`CNCE/sweep${u}op`] },
      tick: `CNCE/sweep${u}op`,
      file: '登录日志.xlsx',
      headers: ['登录账号', '用户', '登录方式', '结果', '失败原因', 'IP 地址', '客户端', '时间'],
      row: { 登录账号: `CNCE/sweep${u}op`, 用户: `sweep${u}op`, 登录方式: '账号密码', 结果: '成功' },
      fresh: ['时间'],
    },
    {
      list: '访问日志',
      menu: ['系统管理', '访问日志'],
      url: /\/system\/log\/visit$/,
      testId: 'visit-log',
      async seed(send) {
        return operator(send, async (own) => {
          await own('/rest/menu/addMenuView', { path: '/system/post' });
          await own('/rest/menu/addMenuView', { path: '/system/bank' });
        });
      },
      detail: { row: '/system/bank', shows: `清单操作员${u}` },
      filters: [{ placeholder: '请输入用户', value: `sweep${u}op` }],
      key: '页面地址',
      filtered: {
        header: '用户',
        matches: (value) => value === `sweep${u}op`,
        includes: ['/system/post', '/system/bank'],
      },
      tick: '/system/bank',
      file: '访问日志.xlsx',
      headers: ['用户', '姓名', '页面', '页面地址', 'IP 地址', '客户端', '时间'],
      row: { 用户: `sweep${u}op`, 姓名: `清单操作员${u}`, 页面: '银行管理', 页面地址: '/system/bank' },
      fresh: ['时间'],
    },
    {
      list: '插件管理',
      menu: ['系统管理', '插件管理'],
      url: /\/system\/plugin$/,
      testId: 'plugin-list',
      detail: { row: 'basedata', shows: 'DictList' },
      filters: [{ select: '来源', option: '内置' }],
      key: '插件标识',
      filtered: { header: '来源', matches: (value) => value === '内置', includes: ['account', 'basedata'] },
      tick: 'basedata',
      file: '插件列表.xlsx',
      headers: ['插件标识', '名称', '当前版本', '来源', '状态', '组件', '版本数', '更新时间'],
      row: { 插件标识: 'basedata', 来源: '内置', 组件: 'DictList、RegionList、BankList' },
    },
    {
      list: '注册审核',
      menu: ['系统管理', '注册审核'],
      url: /\/system\/register$/,
      testId: 'register-review-list',
      // 查看 is its 详情: the application whole (sections, files, history).
      detail: { row: '河南豫丰纺织股份有限公司', button: '查看', shows: '91410100MA44R8TN3W' },
      filters: [{ placeholder: '请输入企业名称', value: '纺织' }],
      key: '企业名称',
      filtered: { header: '企业名称', matches: contains('纺织'), includes: ['河南豫丰纺织股份有限公司'] },
      tick: '河南豫丰纺织股份有限公司',
      file: '注册审核.xlsx',
      headers: ['类型', '企业名称', '统一社会信用代码', '账户类型', '所属服务区域', '状态', '轮次', '提交时间'],
      row: { 类型: '注册申请', 企业名称: '河南豫丰纺织股份有限公司', 统一社会信用代码: '91410100MA44R8TN3W' },
    },
    {
      list: '文章管理',
      menu: ['内容管理', '文章管理'],
      url: /\/cms\/article$/,
      testId: 'article-list',
      async seed(send) {
        const { catalogs } = await send<{ catalogs: Array<{ id: string; code: string }> }>(
          '/rest/cmsAdmin/getCatalogs',
        );
        const catalogId = catalogs.find((catalog) => catalog.code === 'news')!.id;
        for (const [name, author] of [
          ['甲', '清单作者'],
          ['乙', '清单编辑'],
        ])
          await send('/rest/cmsAdmin/addContent', {
            catalogId,
            title: `清单文章${name}${u}`,
            summary: '清单核对的摘要',
            body: '<p>清单核对</p>',
            author,
            sort: 1,
          });
        return {};
      },
      detail: { row: `清单文章甲${u}`, key: 'author', shows: '清单作者' },
      filters: [{ placeholder: '请输入标题', value: u }],
      key: '标题',
      filtered: { header: '标题', matches: contains(u), includes: [`清单文章甲${u}`, `清单文章乙${u}`] },
      tick: `清单文章乙${u}`,
      file: '文章列表.xlsx',
      headers: ['标题', '栏目', '状态', '作者', '排序', '图片', '链接地址', '发布时间', '更新时间'],
      row: { 标题: `清单文章乙${u}`, 栏目: '新闻动态', 状态: '草稿', 作者: '清单编辑' },
      fresh: ['更新时间'],
    },
    {
      list: '轮播图管理',
      menu: ['内容管理', '轮播图管理'],
      url: /\/cms\/banner$/,
      testId: 'banner-list',
      async seed(send) {
        const { catalogs } = await send<{ catalogs: Array<{ id: string; code: string }> }>(
          '/rest/cmsAdmin/getCatalogs',
        );
        const catalogId = catalogs.find((catalog) => catalog.code === 'banner')!.id;
        for (const name of ['甲', '乙'])
          await send('/rest/cmsAdmin/addContent', {
            catalogId,
            title: `清单轮播${name}${u}`,
            coverUrl: '/cms/banner-1.svg',
            linkUrl: '/warehouse',
            sort: 9,
          });
        return {};
      },
      detail: { row: `清单轮播甲${u}`, key: 'linkUrl', shows: '/warehouse' },
      filters: [{ placeholder: '请输入标题', value: u }],
      key: '标题',
      filtered: { header: '标题', matches: contains(u), includes: [`清单轮播甲${u}`, `清单轮播乙${u}`] },
      tick: `清单轮播甲${u}`,
      file: '轮播图列表.xlsx',
      headers: ['标题', '栏目', '状态', '作者', '排序', '图片', '链接地址', '发布时间', '更新时间'],
      row: {
        标题: `清单轮播甲${u}`,
        栏目: '首页轮播图',
        状态: '草稿',
        图片: '/cms/banner-1.svg',
        链接地址: '/warehouse',
      },
      fresh: ['更新时间'],
    },
    {
      list: '投诉建议',
      menu: ['内容管理', '投诉建议'],
      url: /\/cms\/complain$/,
      testId: 'complaint-inbox',
      // Sent as a visitor sends them (five an address in ten minutes: two here).
      async seed() {
        await withRequest(async (visitor) => {
          const anonymous = sender(visitor, null);
          await anonymous('/rest/complain/addComplain', {
            name: `清单甲${u}`,
            phone: `136${u}01`,
            complaintType: 'SUGGESTION',
            content: '清单核对：建议列表增加导出功能',
          });
          await anonymous('/rest/complain/addComplain', {
            name: `清单乙${u}`,
            phone: `136${u}02`,
            complaintType: 'CONSULT',
            content: '清单核对：咨询仓单交割流程',
          });
        });
        return {};
      },
      detail: { row: `清单甲${u}`, button: '查看', shows: '清单核对：建议列表增加导出功能' },
      filters: [{ placeholder: '请输入联系电话', value: `136${u}` }],
      key: '联系电话',
      filtered: { header: '联系电话', matches: contains(`136${u}`), includes: [`136${u}01`, `136${u}02`] },
      tick: `136${u}02`,
      file: '投诉建议.xlsx',
      headers: ['姓名', '联系电话', '邮箱', '类型', '内容', '处理状态', '答复', '处理人', '处理时间', '提交时间'],
      row: {
        姓名: `清单乙${u}`,
        联系电话: `136${u}02`,
        类型: '咨询',
        内容: '清单核对：咨询仓单交割流程',
        处理状态: '待处理',
      },
      fresh: ['提交时间'],
    },
  ];
}

function sender(request: APIRequestContext, token: string | null): Send {
  return async <T>(path: string, data: unknown = {}) => {
    const answer = await request.post(path, { headers: token ? { 'X-Access-Token': token } : {}, data });
    const body = (await answer.json()) as { rtnCode: string; rtnMessage: string; dataSet: T };
    if (body.rtnCode !== '0000') throw new Error(`${path}: ${body.rtnCode} ${body.rtnMessage}`);
    return body.dataSet;
  };
}

type SignedIn = { state: Awaited<ReturnType<BrowserContext['storageState']>>; token: string };

/**
 * The browser state of each account signed in, kept by the worker: the first test signs in
 * (signIn, staff.ts), the next ones open their page with that state instead of logging in
 * again. Each test still has a page of its own, so that one list's failure or leftovers (a
 * drawer, a tab, a filter the workspace keeps) are never the next one's.
 */
const signedIn = new Map<string, SignedIn>();

async function landSignedIn(page: Page, account: Account): Promise<SignedIn> {
  const key = `${account.code}/${account.username}`;
  const kept = signedIn.get(key);
  if (kept) {
    await page.context().addCookies(kept.state.cookies);
    await page.addInitScript((origin) => {
      if (window.location.origin === origin.origin)
        for (const { name, value } of origin.localStorage) window.localStorage.setItem(name, value);
    }, kept.state.origins[0]!);
    await page.goto('/project/display');
    return kept;
  }
  await signIn(page, account.username, account.password, account.code);
  const state = await page.context().storageState();
  const entry = state.origins.flatMap((origin) => origin.localStorage).find((item) => item.name === 'dandelion__token');
  const made = { state, token: (JSON.parse(entry!.value) as { value: string }).value };
  signedIn.set(key, made);
  return made;
}

async function readRows(page: Page, download: import('@playwright/test').Download) {
  // The notice is brief (3 s): looked for before the file is read.
  await expect(page.getByText('导出完成')).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const cells: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    cells.push(
      Array.from(row.values as unknown[])
        .slice(1)
        .map((value) => String(value ?? '')),
    );
  });
  const [headers, ...rows] = cells;
  return {
    headers: headers ?? [],
    rows: rows.map((row) => Object.fromEntries((headers ?? []).map((header, index) => [header, row[index] ?? '']))),
  };
}

async function applyFilter(page: Page, list: Locator, filter: Filter) {
  if ('placeholder' in filter) {
    await list.getByPlaceholder(filter.placeholder).fill(filter.value);
    return;
  }
  const item = list.getByTestId('list-search-form').locator('.arco-form-item').filter({ hasText: filter.select });
  await item.locator('.arco-select').click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: filter.option }).click();
}

for (const { list: title } of casesFor('000000')) {
  test(`${title}: 详情 of a row; 导出 of the filtered rows, then of the ticked one`, async ({ page }) => {
    const u = String(randomInt(100000, 1000000));
    const sweep = casesFor(u).find((c) => c.list === title)!;
    const { token } = await landSignedIn(page, sweep.account ?? ADMIN);
    const send = sender(page.request, token);
    const seeded = sweep.seed ? await sweep.seed(send) : {};
    try {
      await openMenu(page, ...sweep.menu);
      await expect(page).toHaveURL(sweep.url);
      const outer = page.getByTestId(sweep.testId);
      const list = sweep.open ? await sweep.open(page, outer, seeded) : outer;

      // The filter, as typed or picked.
      for (const filter of sweep.filters) await applyFilter(page, list, filter);
      if (sweep.filters.length > 0) {
        await list.getByTestId('list-search-form').getByRole('button', { name: '查询', exact: true }).click();
      }
      // 详情: read-only, in a drawer (over the list's own, for 执行记录).
      const drawers = page.locator('.arco-drawer:visible');
      const open = await drawers.count();
      const detailRow = list.locator('tr', { hasText: sweep.detail.row }).first();
      await detailRow.getByRole('button', { name: sweep.detail.button ?? '详情', exact: true }).click();
      await expect(drawers).toHaveCount(open + 1);
      const drawer = drawers.last();
      if (sweep.detail.key)
        await expect(drawer.getByTestId(`list-detail-${sweep.detail.key}`)).toContainText(sweep.detail.shows);
      else await expect(drawer).toContainText(sweep.detail.shows);
      await drawer.locator('.arco-drawer-close-icon').click();
      await expect(drawers).toHaveCount(open);

      // 导出 of the filtered rows: those the filter matches, the test's own among them.
      const exportButton = list.getByRole('button', { name: /^导出/ });
      await expect(list.locator('tr', { hasText: sweep.tick }).first()).toBeVisible();
      const [all] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
      expect(all.suggestedFilename()).toBe(sweep.file);
      const filtered = await readRows(page, all);
      expect(filtered.headers.slice(0, sweep.headers.length)).toEqual(sweep.headers);
      // Labels, never a wire name (`loginName`, `create_time`).
      for (const header of filtered.headers) expect(header).not.toMatch(/^[a-z]+(?:[A-Z_][a-z]*)+$|^[a-z]+$/);
      expect(filtered.rows.length).toBeGreaterThan(0);
      for (const row of filtered.rows)
        expect(sweep.filtered.matches(row[sweep.filtered.header]!), JSON.stringify(row)).toBe(true);
      const keys = filtered.rows.map((row) => row[sweep.key]);
      for (const key of sweep.filtered.includes) expect(keys).toContain(key);

      // 导出 of the ticked row alone. Arco draws the box over a hidden input: the box is what a user clicks.
      const box = list.locator('tr', { hasText: sweep.tick }).first().locator('.arco-checkbox');
      await box.click();
      await expect(box).toHaveClass(/arco-checkbox-checked/);
      const [one] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
      const ticked = await readRows(page, one);
      expect(ticked.headers).toEqual(filtered.headers);
      expect(ticked.rows).toHaveLength(1);
      const [row] = ticked.rows;
      for (const [header, value] of Object.entries(sweep.row)) {
        if (typeof value === 'string') expect(row![header], header).toBe(value);
        else expect(row![header], header).toMatch(value);
      }
      for (const header of sweep.fresh ?? []) expectChinaNow(row![header]!, header);
    } finally {
      await sweep.cleanup?.(send);
    }
  });
}

// 导出 writes what the list shows (issue 31), on a generic list of the seam (岗位管理; every list
// on ListPage exports through the same store): the rows 高级查询 leaves, in the order of the
// column sorted, without the column 列设置 hid — the ticked-row case is the sweep's above.
test('岗位管理: 导出 follows 高级查询, the sorted column and the columns 列设置 leaves', async ({ page }) => {
  const u = String(randomInt(100000, 1000000));
  const { token } = await landSignedIn(page, ADMIN);
  const send = sender(page.request, token);
  // Three posts of this run, their 排序 not in the order of their codes.
  for (const [suffix, name, sort] of [
    ['a', '甲', 3],
    ['b', '乙', 1],
    ['c', '丙', 2],
  ] as const)
    await send('/rest/postService/addPost', {
      code: `order_${u}_${suffix}`,
      name: `排序岗位${name}${u}`,
      status: '1',
      sort,
    });

  await openMenu(page, '系统管理', '岗位管理');
  const list = page.getByTestId('post-list');
  await expect(list).toContainText(/共 \d+ 条/);

  // 高级查询: 岗位编码 包含 this run's token.
  await list.getByRole('button', { name: '高级查询' }).click();
  const superQuery = page.getByTestId('list-super-query');
  await superQuery.getByRole('combobox', { name: '字段' }).click();
  await page.locator('.arco-select-popup:visible').getByRole('option', { name: '岗位编码', exact: true }).click();
  await superQuery.getByRole('combobox', { name: '条件' }).click();
  await page.locator('.arco-select-popup:visible').getByRole('option', { name: '包含', exact: true }).click();
  await superQuery.getByRole('textbox', { name: '值' }).fill(`order_${u}`);
  await page.getByRole('button', { name: '查询', exact: true }).last().click();
  await expect(list).toContainText('共 3 条');

  // 排序, descending (a first click sorts up, a second down).
  const sortHeader = list.getByRole('columnheader', { name: '排序' });
  await sortHeader.click();
  await expect(list.locator('tbody tr').first()).toContainText(`order_${u}_b`);
  await sortHeader.click();
  await expect(list.locator('tbody tr').first()).toContainText(`order_${u}_a`);
  await expect(list.locator('tbody tr')).toHaveCount(3);

  // 列设置: 描述 hidden.
  await list.getByRole('button', { name: /列设置/ }).click();
  const setting = page.locator('.arco-drawer').filter({ hasText: '列设置' });
  await setting.getByText('描述', { exact: true }).click();
  await setting.getByRole('button', { name: '确定' }).click();
  await expect(list.getByRole('columnheader', { name: '描述' })).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    list.getByRole('button', { name: /^导出/ }).click(),
  ]);
  const file = await readRows(page, download);
  expect(file.headers).toEqual(['岗位编码', '岗位名称', '排序', '状态', '在岗人数', '创建时间']);
  expect(file.rows.map((row) => [row['岗位编码'], row['排序']])).toEqual([
    [`order_${u}_a`, '3'],
    [`order_${u}_c`, '2'],
    [`order_${u}_b`, '1'],
  ]);
});
