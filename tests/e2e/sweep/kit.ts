import { request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formLoginOverHttp, sessionOverHttp } from '../login-api';
import { BUSINESS_CODE } from '../staff';

// What the sweep's cases (lists/*.ts, one file a list) are made of and may use. The sweep
// (list-detail-export.spec.ts) runs every file in lists/: a new list is swept by adding its file.

/** The portal under test (playwright.config.ts), for the requests made outside the page. */
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

export type Send = <T = unknown>(path: string, data?: unknown) => Promise<T>;

export interface Account {
  code: string;
  username: string;
  password: string;
}

export const ADMIN: Account = { code: BUSINESS_CODE, username: 'admin', password: 'Admin@2026' };
/** 新疆天山棉业有限公司's administrator (企业管理 › 用户管理). */
export const TRADER: Account = { code: 'M000005', username: 'admin', password: 'Qiye@2026' };

/** A filter as typed into the search form, or picked from one of its selects. */
export type Filter = { placeholder: string; value: string } | { select: string; option: string };

export interface SweepCase {
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
  /**
   * The search form's filter. Where the list offers 高级查询 on the header `filtered` names, the
   * sweep adds it (包含 the first filter's text), and where the list sorts a column or hides
   * one (列设置), it does: the file must follow all three.
   */
  filters: Filter[];
  /** The header that names a row in the file. */
  key: string;
  /** Every row the filter exports satisfies this; the test's own rows among them. */
  filtered: { header: string; matches: (value: string) => boolean; includes: string[] };
  /** The row ticked (its `key` value, shown in its row). */
  tick: string;
  file: string;
  /** The export call's path (the SDK's `…Calls.export`): every one is some case's, or a tree's (ELSEWHERE). */
  exports: string;
  /** The file's first headers, in order (less the one 列设置 hid). */
  headers: string[];
  /** The ticked row's values by header (labels, not codes). */
  row: Record<string, string | RegExp>;
  /** Headers of times the test's own rows were just given: China time, now. */
  fresh?: string[];
  /** After the test: what it made that others would see (an app in every header). */
  cleanup?: (send: Send) => Promise<void>;
}

/** What a case may use besides its run token. */
export interface SweepKit {
  /** A role's id by its name. */
  role: (send: Send, name: string) => Promise<string>;
  /**
   * A system administrator of the test's own, who signs in twice and works: the logs' rows are
   * theirs, found by their login name whatever other journeys log meanwhile.
   */
  operator: (send: Send, work: (own: Send) => Promise<void>) => Promise<{ loginName: string }>;
  /** Requests of a caller other than the page's (a visitor, another user), their cookies their own. */
  withRequest: <T>(use: (request: APIRequestContext) => Promise<T>) => Promise<T>;
  /** The calls of a request context, as `token`'s holder (none: a visitor). */
  sender: (request: APIRequestContext, token: string | null) => Send;
  /** A matcher of values that contain `part`. */
  contains: (part: string) => (value: string) => boolean;
}

/**
 * The export calls swept by another spec, with why: the trees (机构, 栏目, 菜单) export what
 * their tree page shows (tree-export.spec.ts); a plugin entity's list, what its plugin's page
 * shows (plugin-data.spec.ts).
 */
export const ELSEWHERE: Readonly<Record<string, string>> = {
  '/rest/organ/exportXls': 'tree-export.spec.ts',
  '/rest/cmsAdmin/exportCatalogXls': 'tree-export.spec.ts',
  '/rest/menu/exportXls': 'tree-export.spec.ts',
  // A plugin entity's export (one route for every plugin's entities): an installed plugin's
  // page exports its row, the declared labels as headers (its list's 导出 in the browser).
  '/rest/pluginData/:plugin/:entity/exportXls': 'plugin-data.spec.ts',
};

/** A list's case for the run token `u` (six digits) that makes its rows' codes and names its own. */
export type SweepFile = (u: string, kit: SweepKit) => SweepCase;

export function sender(request: APIRequestContext, token: string | null): Send {
  return async <T>(path: string, data: unknown = {}) => {
    const answer = await request.post(path, { headers: token ? { 'X-Access-Token': token } : {}, data });
    const body = (await answer.json()) as { rtnCode: string; rtnMessage: string; dataSet: T };
    if (body.rtnCode !== '0000') throw new Error(`${path}: ${body.rtnCode} ${body.rtnMessage}`);
    return body.dataSet;
  };
}

async function withRequest<T>(use: (request: APIRequestContext) => Promise<T>): Promise<T> {
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
  try {
    return await use(request);
  } finally {
    await request.dispose();
  }
}

/** The kit of the run token `u`. */
export function kitFor(u: string): SweepKit {
  const role = async (send: Send, name: string) => {
    const { roles } = await send<{ roles: Array<{ id: string; name: string }> }>(
      '/rest/datapermission/getDataRuleOptions',
    );
    return roles.find((r) => r.name === name)!.id;
  };
  return {
    role,
    async operator(send, work) {
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
    },
    withRequest,
    sender,
    contains: (part) => (value) => value.includes(part),
  };
}
