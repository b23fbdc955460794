import * as contracts from '@cotton/sdk/contracts';
import { count, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { sysLoginLog, sysOperationLog } from '../db/schema/index';
import { isWriteRoute, operationKind } from '../modules/log/operation';

/**
 * The benchmark's logs (issue 31): `--size large` on PostgreSQL adds {@link LARGE_LOG_ROWS}
 * rows to 操作日志 and as many to 登录日志, 700 days of a busy exchange up to the moment
 * of seeding, one row a minute or so — each table in one `INSERT … SELECT` over
 * `generate_series` (half a minute each), then VACUUM ANALYZE as after the other bulk loads.
 * Ids rise with time, as rows written by the server do. Deterministic apart from the end
 * time: every choice is a hash of the row number.
 *
 * - 操作日志: 300 operators (the demo accounts and the first staff; the first ones by far the
 *   busiest), every logged write route the SDK declares (method, route, permission code and
 *   kind as the hook records them), 3 % refused with a message, office IPs, durations
 *   mostly tens of ms with a tail of seconds, a small masked body.
 * - 登录日志: 80 % 账号密码, 12 % 手机验证码, 6 % 统一认证, 2 % 第三方账号; one in ten fails
 *   with the reasons login-log.ts writes (a third of them an account that does not exist).
 *
 * The retention task (清理过期日志) keeps 180 days by default and its first run follows the
 * seed: as a site keeping a million rows would, the large set has it keep operations and
 * logins two years ({@link LARGE_LOG_RETENTION_DAYS}), so the rows outlive the next run.
 */

export const LARGE_LOG_ROWS = 1_000_000;

/** The rows span 700 days, inside the two years the retention task is set to keep. */
const SPAN_SECONDS = 700 * 24 * 3600;
/** What 清理过期日志 keeps of operations and logins on the large data set (days). */
export const LARGE_LOG_RETENTION_DAYS = 730;

/** Method, route, permission and kind of every route the operation log records. */
function loggedRoutes(): Array<{ method: string; url: string; permission: string; kind: string }> {
  const routes = new Map<string, { method: string; url: string; permission: string; kind: string }>();
  for (const [name, value] of Object.entries(contracts)) {
    if (!name.endsWith('Calls') || typeof value !== 'object' || value === null) continue;
    for (const call of Object.values(value as Record<string, unknown>)) {
      const { method, path, permission } = (call ?? {}) as { method?: unknown; path?: unknown; permission?: unknown };
      if (typeof method !== 'string' || typeof path !== 'string' || typeof permission !== 'string') continue;
      if (!isWriteRoute(method, path)) continue;
      routes.set(`${method} ${path}`, { method, url: path, permission, kind: operationKind(path) });
    }
  }
  return [...routes.values()].sort((a, b) => a.url.localeCompare(b.url));
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}::text`),
    sql`, `,
  )}]`;

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Safari/537.36 Edg/128.0.0.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49',
];

const REFUSALS = ['名称已存在', '记录不存在或已被删除', '没有该操作的权限', '仍有用户使用该记录，不能删除', '参数错误'];

/** A well-spread non-negative hash of the row number and `salt`, below 1,000,003 (PostgreSQL's own). */
const hash = (salt: number) => sql.raw(`(abs(hashint8(g::bigint * 64 + ${salt})::bigint) % 1000003)`);

/** Adds operation and login logs up to `target` rows each (PostgreSQL); answers the counts. */
export async function extendLogs(
  db: AppDatabase,
  target = LARGE_LOG_ROWS,
): Promise<{ operations: number; logins: number }> {
  const routes = loggedRoutes();
  const [{ operations }] = await db.select({ operations: count() }).from(sysOperationLog);
  const [{ logins }] = await db.select({ logins: count() }).from(sysLoginLog);
  const step = SPAN_SECONDS / target;
  /** A number computed here, as a literal (a bound one leaves PostgreSQL guessing its type). */
  const n = (value: number) => sql.raw(String(value));

  // The operators: the demo accounts first (busiest), then the first staff.
  const operators = sql`(select row_number() over (order by id) - 1 as n, id, login_name, realname
      from sys_users order by id limit 300)`;
  if (operations < target) {
    await db.execute(sql`
      insert into sys_operation_log (operation_key, user_id, login_name, realname, method, url, permission, kind,
        params, success, rtn_code, message, ip, user_agent, duration_ms, at)
      select md5('cotton-seed-operation:' || g)::uuid, u.id, u.login_name, u.realname,
        (${textArray(routes.map((route) => route.method))})[r], (${textArray(routes.map((route) => route.url))})[r],
        (${textArray(routes.map((route) => route.permission))})[r], (${textArray(routes.map((route) => route.kind))})[r],
        '{"id":"' || (1 + ${hash(3)} % 5000) || '"}',
        ${hash(4)} % 100 >= 3,
        case when ${hash(4)} % 100 < 3 then (array['400','404','403','400','400'])[1 + ${hash(5)} % 5] else '0000' end,
        case when ${hash(4)} % 100 < 3 then (${textArray(REFUSALS)})[1 + ${hash(5)} % ${n(REFUSALS.length)}] end,
        '10.' || (16 + u.n % 4) || '.' || (u.n % 250) || '.' || (1 + ${hash(6)} % 3 + u.n % 200),
        (${textArray(USER_AGENTS)})[1 + (u.n + ${hash(7)} % 10 / 9) % ${n(USER_AGENTS.length)}],
        (8 + power(${hash(8)} / 1000003.0, 8) * 3000)::int,
        now() - make_interval(secs => ${n(SPAN_SECONDS)} - g * ${n(step)} + ${hash(9)} % ${n(Math.floor(step))})
      from (select g, 1 + ${hash(1)} % ${n(routes.length)} as r,
              floor(300 * power(${hash(2)} / 1000003.0, 3))::int as n
            from generate_series(${n(operations + 1)}, ${n(target)}) as g) as s
      join ${operators} as u on u.n = s.n
      order by g`);
  }
  if (logins < target) {
    await db.execute(sql`
      insert into sys_login_log (method, account, user_id, login_name, success, reason, ip, user_agent, at)
      select m.method,
        case when s.unknown then 'CNCE/' || 'user' || (${hash(12)} % 9000)
          when m.method = 'form' then 'CNCE/' || u.login_name
          when m.method = 'phone' then '139' || lpad((${hash(13)} % 100000000)::text, 8, '0')
          when m.method = 'cas' then u.login_name
          else 'wechat:o' || md5(u.login_name) end,
        case when s.unknown then null else u.id end,
        case when s.unknown then null else u.login_name end,
        not s.failed,
        case when s.unknown then '账号不存在'
          when s.failed then (array['密码错误','密码错误','失败次数过多，已锁定','账号已冻结或企业已停用','手机号未绑定账号'])[1 + ${hash(14)} % 5] end,
        case when ${hash(15)} % 10 < 7 then '10.' || (16 + u.n % 4) || '.' || (u.n % 250) || '.' || (1 + u.n % 200)
          else (36 + ${hash(16)} % 180) || '.' || (${hash(17)} % 256) || '.' || (${hash(18)} % 256) || '.' || (1 + ${hash(19)} % 254) end,
        (${textArray(USER_AGENTS)})[1 + (u.n + ${hash(20)} % 10 / 9) % ${n(USER_AGENTS.length)}],
        now() - make_interval(secs => ${n(SPAN_SECONDS)} - g * ${n(step)} + ${hash(21)} % ${n(Math.floor(step))})
      from (select g, floor(3000 * power(${hash(10)} / 1000003.0, 2))::int as n,
              ${hash(11)} % 100 < 10 as failed, ${hash(11)} % 100 < 3 as unknown,
              ${hash(22)} % 100 as p
            from generate_series(${n(logins + 1)}, ${n(target)}) as g) as s
      join (select row_number() over (order by id) - 1 as n, id, login_name from sys_users order by id limit 3000) as u
        on u.n = s.n
      cross join lateral (select case when s.p < 80 then 'form' when s.p < 92 then 'phone'
        when s.p < 98 then 'cas' else 'oauth' end as method) as m
      order by g`);
  }
  await db.execute(sql`
    update sys_tasks set params = params || ${JSON.stringify({
      operationDays: LARGE_LOG_RETENTION_DAYS,
      loginDays: LARGE_LOG_RETENTION_DAYS,
    })}::jsonb
    where job_type = 'purge-old-logs'`);
  // Outside a transaction (VACUUM must be): the visibility map for index-only scans, and statistics.
  await db.execute(sql`VACUUM (ANALYZE) sys_operation_log, sys_login_log`);
  const [after] = await db.select({ operations: count() }).from(sysOperationLog);
  const [afterLogins] = await db.select({ logins: count() }).from(sysLoginLog);
  return { operations: after.operations, logins: afterLogins.logins };
}
