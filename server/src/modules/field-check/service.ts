import {
  enterpriseUserCodes,
  userAdminCodes,
  type DuplicateCheckBody,
  type RuleCheckBody,
} from '@cotton/sdk/contracts';
import {
  LOGIN_NAME_MESSAGE,
  LOGIN_NAME_PATTERN,
  PASSWORD_MESSAGES,
  isRecordId,
  isStrongPassword,
  messages,
  validateField,
  type ValidatorRule,
} from '@cotton/sdk/validators';
import { and, eq, ne, sql, type Column, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { sysUsers } from '../../db/schema/index';
import type { DuplicateCheckTarget } from '../../lib/admin-resource/index';
import { appResource } from '../app-admin/service';
import { bankResource } from '../bank/service';
import { catalogResource } from '../cms-admin/catalogs';
import { dataRuleResource } from '../data-rule/service';
import { dictItemResource, dictResource } from '../dict-admin/service';
import { menuResource } from '../menu-admin/service';
import { orgResource } from '../org-admin/service';
import { postResource } from '../post-admin/service';
import { regionResource } from '../region-admin/service';
import { roleResource } from '../role-admin/service';
import { smsTemplateResource } from '../sms-template/service';
import { ApiError } from '../../http/envelope';
import { authOf, holds } from '../auth/authenticate';
import { takeContactCheck } from '../user-admin/writes';

/**
 * `POST /rest/common/duplicateCheck` and `POST /rest/common/ruleCheck` (docs/auth.md "User
 * administration"): only the table/field pairs and rules allow-listed here are checked; the
 * client never names a table or column that reaches SQL.
 */

export const FIELD_CHECK_MESSAGES = {
  unknownField: '不支持的校验字段',
  forbiddenField: '没有权限校验该字段',
  unknownRule: '不支持的校验规则',
  badDataId: '参数错误：dataId（记录编号）格式不正确',
  badWithin: '参数错误：上级记录编号格式不正确',
  valid: '',
} as const;

/**
 * Who may ask whether a phone number or an e-mail address is a user's: those who add or edit
 * users (the platform's 用户管理 and an enterprise's own). For anyone else the answer would
 * tell whether a stranger's number has an account here. Extend this list, not the check.
 */
export const USER_CONTACT_CHECK_CODES: readonly string[] = [
  userAdminCodes.add,
  userAdminCodes.edit,
  enterpriseUserCodes.add,
  enterpriseUserCodes.edit,
];

/** The pairs that name a user's contact details, in either spelling — asked about only with a code above. */
const USER_CONTACT_FIELDS = new Set(['sys_users.phone', 'sys_users.email']);

interface DuplicateTarget {
  table: typeof sysUsers;
  key: Column;
  /** The condition "this value is used", with the caller's scope. */
  used(value: string, request: FastifyRequest): SQL;
  message: string;
}

const LOGIN_NAME: DuplicateTarget = {
  table: sysUsers,
  key: sysUsers.id,
  // Login names are unique per enterprise, whatever the case.
  used: (value, request) =>
    and(
      eq(sysUsers.enterpriseId, authOf(request).user.enterpriseId),
      sql`lower(${sysUsers.loginName}) = lower(${value})`,
    )!,
  message: '该登录名已被使用，请更换',
};
const PHONE: DuplicateTarget = {
  table: sysUsers,
  key: sysUsers.id,
  used: (value) => eq(sysUsers.phone, value),
  message: '该手机号码已被其他账号使用',
};
/**
 * `<table>.<field>` → what is checked (camelCase or the column's snake_case): a user's login name
 * and phone here; every other pair is an admin resource's `unique` rule, registered by its
 * `duplicateCheck` declaration (server/src/lib/admin-resource) with the codes that may ask.
 */
const DUPLICATE_TARGETS = new Map<string, DuplicateTarget>([
  ['sys_users.loginName', LOGIN_NAME],
  ['sys_users.login_name', LOGIN_NAME],
  ['sys_users.phone', PHONE],
]);

export async function duplicateCheck(db: AppDatabase, request: FastifyRequest, body: DuplicateCheckBody) {
  const pair = `${body.tableName}.${body.fieldName}`;
  // Before anything about the value: the same 403 whether or not it is used, or well-formed.
  if (USER_CONTACT_FIELDS.has(pair) && !USER_CONTACT_CHECK_CODES.some((code) => holds(authOf(request), code)))
    throw new ApiError('403', FIELD_CHECK_MESSAGES.forbiddenField);
  if (USER_CONTACT_FIELDS.has(pair)) await takeContactCheck(db, authOf(request).user.id);
  const target = DUPLICATE_TARGETS.get(pair);
  if (!target) return resourceCheck(db, request, pair, body);
  const value = body.fieldVal.trim();
  if (value === '') return { valid: true, message: FIELD_CHECK_MESSAGES.valid };
  const dataId = body.dataId?.trim() || null;
  if (dataId !== null && !isRecordId(dataId)) throw new ApiError('400', FIELD_CHECK_MESSAGES.badDataId);
  const [used] = await db
    .select({ one: sql<number>`1` })
    .from(target.table)
    .where(and(target.used(value, request), dataId === null ? undefined : ne(target.key, Number(dataId))))
    .limit(1);
  return used ? { valid: false, message: target.message } : { valid: true, message: FIELD_CHECK_MESSAGES.valid };
}

/**
 * The admin resources whose unique fields the duplicate check answers for (each declares its
 * pairs and who may ask: `duplicateCheck`). A resource added here is asked about; one left out
 * is not — the list is the allow-list.
 */
const CHECKED_RESOURCES = [
  roleResource,
  postResource,
  dictResource,
  dictItemResource,
  appResource,
  bankResource,
  regionResource,
  orgResource,
  smsTemplateResource,
  catalogResource,
  menuResource,
  dataRuleResource,
];

/** Every pair the resources above declare, `<tableName>.<field>` → how to answer it. */
export const RESOURCE_CHECKS: ReadonlyMap<string, DuplicateCheckTarget> = (() => {
  const checks = new Map<string, DuplicateCheckTarget>();
  for (const resource of CHECKED_RESOURCES) {
    for (const [pair, target] of resource.duplicateChecks) {
      if (checks.has(pair)) throw new Error(`duplicate check ${pair} declared twice`);
      checks.set(pair, target);
    }
  }
  return checks;
})();

/** A pair an admin resource declares: its codes first (the same 403 whatever the value), then 保存's comparison. */
async function resourceCheck(db: AppDatabase, request: FastifyRequest, pair: string, body: DuplicateCheckBody) {
  const target = RESOURCE_CHECKS.get(pair);
  if (!target) throw new ApiError('400', FIELD_CHECK_MESSAGES.unknownField);
  if (target.codes !== null && !target.codes.some((code) => holds(authOf(request), code)))
    throw new ApiError('403', FIELD_CHECK_MESSAGES.forbiddenField);
  const dataId = body.dataId?.trim() || null;
  if (dataId !== null && target.numericKey && !isRecordId(dataId))
    throw new ApiError('400', FIELD_CHECK_MESSAGES.badDataId);
  const value = body.fieldVal.trim();
  if (value === '') return { valid: true, message: FIELD_CHECK_MESSAGES.valid };
  const withinVal = body.withinVal?.trim() || null;
  if (withinVal !== null && target.numericWithin === true && !isRecordId(withinVal))
    throw new ApiError('400', FIELD_CHECK_MESSAGES.badWithin);
  const taken = await target.taken(
    db,
    request,
    value,
    withinVal,
    dataId === null ? null : target.numericKey ? Number(dataId) : dataId,
  );
  return taken !== null ? { valid: false, message: taken } : { valid: true, message: FIELD_CHECK_MESSAGES.valid };
}

const RULES: Record<string, (value: string) => string | null> = {
  ...Object.fromEntries(
    (Object.keys(messages) as ValidatorRule[]).map((rule) => [rule, (value: string) => validateField(rule, value)]),
  ),
  loginName: (value) => (LOGIN_NAME_PATTERN.test(value) ? null : LOGIN_NAME_MESSAGE),
  password: (value) => (isStrongPassword(value) ? null : PASSWORD_MESSAGES.strength),
};

export function ruleCheck(body: RuleCheckBody) {
  const rule = Object.hasOwn(RULES, body.ruleCode) ? RULES[body.ruleCode] : undefined;
  if (!rule) throw new ApiError('400', FIELD_CHECK_MESSAGES.unknownRule);
  const value = body.value.trim();
  const message = value === '' ? null : rule(value);
  return message === null ? { valid: true, message: FIELD_CHECK_MESSAGES.valid } : { valid: false, message };
}
