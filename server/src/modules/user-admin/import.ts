import { AddUserBody, userAdminCodes, type ListImportResult } from '@cotton/sdk/contracts';
import { PASSWORD_MESSAGES, isEmail, isMobile, isStrongPassword, messages } from '@cotton/sdk/validators';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import { sysOrgs, sysPosts, sysRoles, sysUserPosts, sysUserRoles, sysUsers } from '../../db/schema/index';
import type { ImportedRow, ImportSheet } from '../../lib/list/xlsx-import';
import { authOf, type RequestAuth } from '../auth/authenticate';
import { callerReach, roleReaches, within } from '../ceiling/guard';
import { dataScopeOf, roleScopes, scopeAllowsOrg, scopeCovers } from '../data-scope/scope';
import { hashPassword } from '../auth/password';
import { recordAudit } from '../shared/audit';
import { USER_ADMIN_MESSAGES } from './messages';

/**
 * 用户管理 › 导入 (docs/auth.md "User administration"): each row of the file is checked as
 * 新增用户 checks its form — login name, name, phone, email, initial password, roles by name,
 * organisation (within the importer's data scope) and posts —
 * and against the other rows of the file; the rows that pass are stored together (in the
 * administrator's enterprise, each with an audit row) and every refused row is answered with
 * its number and all its reasons.
 */

type UserImportKey = 'loginName' | 'realname' | 'phone' | 'email' | 'password' | 'roles' | 'org' | 'posts';

export const USER_IMPORT_SHEET: ImportSheet<UserImportKey> = {
  columns: [
    { key: 'loginName', header: '登录名', width: 20, required: true },
    { key: 'realname', header: '姓名', width: 14, required: true },
    { key: 'phone', header: '手机号码', width: 16 },
    { key: 'email', header: '邮箱', width: 28 },
    { key: 'password', header: '初始密码', width: 18, required: true },
    { key: 'roles', header: '角色', width: 30 },
    // An organisation's code or (when no other has it) name; posts by name, like roles.
    { key: 'org', header: '所属机构', width: 20 },
    { key: 'posts', header: '岗位', width: 24 },
  ],
  // Each stored row costs one scrypt hash: 500 keep the call well inside the client's 90 s.
  maxRows: 500,
};

export const USER_IMPORT_MESSAGES = {
  loginNameRequired: '请输入登录名',
  loginName: '登录名为 2～32 位字母、数字或 _ . @ -',
  realnameRequired: '请输入姓名',
  realnameLength: '姓名不能超过 32 个字',
  emailLength: '邮箱不能超过 128 个字符',
  passwordRequired: '请输入初始密码',
  loginNameInFile: (row: number) => `登录名与第 ${row} 行重复`,
  phoneInFile: (row: number) => `手机号码与第 ${row} 行重复`,
  roleUnknown: (name: string) => `角色「${name}」不存在`,
  rolesTooMany: '角色最多 50 个',
  takenMeanwhile: '登录名或手机号码刚被其他账号使用，请更换',
  orgUnknown: (name: string) => `机构「${name}」不存在`,
  orgAmbiguous: (name: string) => `有多个机构名为「${name}」，请填写机构编码`,
  postUnknown: (name: string) => `岗位「${name}」不存在或已停用`,
  postsTooMany: '岗位最多 20 个',
} as const;

// The login name rule of 新增用户's contract, so that both ways in check the same.
const LOGIN_NAME = new RegExp(String((AddUserBody.properties.loginName as { pattern?: string }).pattern));
/** 、 , ， ; ； or a line break between role names. */
const ROLE_SEPARATOR = /[、,，;；\n]/;

interface CheckedUser {
  row: number;
  loginName: string;
  realname: string;
  phone: string | null;
  email: string | null;
  password: string;
  roleIds: number[];
  orgId: number | null;
  postIds: number[];
}

interface RoleInfo {
  id: number;
  name: string;
  /** Grants something the importing administrator does not hold. */
  beyondOwn: boolean;
}

/** The reasons `values` cannot be a new user, without the database (the form's own rules). */
function formReasons(values: ImportedRow<UserImportKey>['values']): string[] {
  const reasons: string[] = [];
  if (values.loginName === '') reasons.push(USER_IMPORT_MESSAGES.loginNameRequired);
  else if (!LOGIN_NAME.test(values.loginName)) reasons.push(USER_IMPORT_MESSAGES.loginName);
  if (values.realname === '') reasons.push(USER_IMPORT_MESSAGES.realnameRequired);
  else if ([...values.realname].length > 32) reasons.push(USER_IMPORT_MESSAGES.realnameLength);
  if (values.phone !== '' && !isMobile(values.phone)) reasons.push(messages.mobile);
  if (values.email.length > 128) reasons.push(USER_IMPORT_MESSAGES.emailLength);
  else if (values.email !== '' && !isEmail(values.email)) reasons.push(messages.email);
  if (values.password === '') reasons.push(USER_IMPORT_MESSAGES.passwordRequired);
  else if (values.password.length > 128 || !isStrongPassword(values.password)) reasons.push(PASSWORD_MESSAGES.strength);
  return reasons;
}

/** The roles by name, each marked when it is beyond the importer's reach (the ceiling). */
async function rolesByName(db: AppDatabase, auth: RequestAuth): Promise<Map<string, RoleInfo>> {
  const roles = await db.select({ id: sysRoles.id, name: sysRoles.name }).from(sysRoles);
  const caller = callerReach(auth);
  const reaches = await roleReaches(
    db,
    roles.map((role) => role.id),
  );
  return new Map(
    roles.map((role) => [role.name, { ...role, beyondOwn: !within(caller, reaches.get(role.id) ?? caller) }]),
  );
}

/** The enterprise's organisations by code and by name (null: a name that several share). */
async function orgsByName(db: AppDatabase, enterpriseId: number) {
  const orgs = await db
    .select({ id: sysOrgs.id, code: sysOrgs.code, name: sysOrgs.name })
    .from(sysOrgs)
    .where(eq(sysOrgs.enterpriseId, enterpriseId));
  const byCode = new Map(orgs.map((org) => [org.code.toLowerCase(), org.id]));
  const byName = new Map<string, number | null>();
  for (const org of orgs) byName.set(org.name, byName.has(org.name) ? null : org.id);
  return { byCode, byName };
}

/** Which of `loginNames` (lower case, the enterprise's) and `phones` (anyone's) are in use. */
async function takenBy(db: AppDatabase | Tx, enterpriseId: number, loginNames: string[], phones: string[]) {
  const logins = [...new Set(loginNames.filter(Boolean).map((name) => name.toLowerCase()))];
  const numbers = [...new Set(phones.filter(Boolean))];
  const lower = sql<string>`lower(${sysUsers.loginName})`;
  const loginRows =
    logins.length === 0
      ? []
      : await db
          .select({ loginName: lower })
          .from(sysUsers)
          .where(and(eq(sysUsers.enterpriseId, enterpriseId), inArray(lower, logins)));
  const phoneRows =
    numbers.length === 0
      ? []
      : await db.select({ phone: sysUsers.phone }).from(sysUsers).where(inArray(sysUsers.phone, numbers));
  return {
    loginNames: new Set(loginRows.map((row) => row.loginName)),
    phones: new Set(phoneRows.flatMap((row) => (row.phone === null ? [] : [row.phone]))),
  };
}

/**
 * Hashes with at most `width` scrypt calls at a time: they run on libuv's pool of four
 * threads, which logins (their own scrypt) and file reads share.
 */
async function hashAll(passwords: string[], width = 2): Promise<string[]> {
  const hashes = new Array<string>(passwords.length);
  let next = 0;
  async function worker() {
    while (next < passwords.length) {
      const index = next++;
      hashes[index] = await hashPassword(passwords[index] as string);
    }
  }
  await Promise.all(Array.from({ length: Math.min(width, passwords.length) }, worker));
  return hashes;
}

export async function importUsers(
  db: AppDatabase,
  request: FastifyRequest,
  rows: Array<ImportedRow<UserImportKey>>,
): Promise<ListImportResult> {
  const auth = authOf(request);
  const enterpriseId = auth.user.enterpriseId;
  const roles = await rolesByName(db, auth);
  const scope = await dataScopeOf(db, auth.user, userAdminCodes.list);
  // A limited administrator gives no role that sees further than they do (as 新增用户).
  const reach =
    scope.kind === 'all'
      ? new Map()
      : await roleScopes(
          db,
          [...roles.values()].map((role) => role.id),
          userAdminCodes.list,
        );
  const orgs = await orgsByName(db, enterpriseId);
  const posts = new Map(
    (await db.select({ id: sysPosts.id, name: sysPosts.name }).from(sysPosts).where(eq(sysPosts.status, '1'))).map(
      (post) => [post.name, post.id],
    ),
  );
  const refused: ListImportResult['refused'] = [];
  const candidates: CheckedUser[] = [];
  const loginNameRows = new Map<string, number>();
  const phoneRows = new Map<string, number>();

  // Every reason of every row: the form's rules, the other rows, the database.
  const taken = await takenBy(
    db,
    enterpriseId,
    rows.map((row) => row.values.loginName),
    rows.map((row) => row.values.phone),
  );
  for (const { row, values } of rows) {
    const reasons = formReasons(values);
    if (taken.loginNames.has(values.loginName.toLowerCase())) reasons.push(USER_ADMIN_MESSAGES.loginNameTaken);
    if (taken.phones.has(values.phone)) reasons.push(USER_ADMIN_MESSAGES.phoneTaken);
    const key = values.loginName.toLowerCase();
    const earlierLogin = key === '' ? undefined : loginNameRows.get(key);
    if (earlierLogin !== undefined) reasons.push(USER_IMPORT_MESSAGES.loginNameInFile(earlierLogin));
    else if (key !== '') loginNameRows.set(key, row);
    const earlierPhone = values.phone === '' ? undefined : phoneRows.get(values.phone);
    if (earlierPhone !== undefined) reasons.push(USER_IMPORT_MESSAGES.phoneInFile(earlierPhone));
    else if (values.phone !== '') phoneRows.set(values.phone, row);

    const names = [
      ...new Set(
        values.roles
          .split(ROLE_SEPARATOR)
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    ];
    if (names.length > 50) reasons.push(USER_IMPORT_MESSAGES.rolesTooMany);
    const roleIds: number[] = [];
    for (const name of names.slice(0, 50)) {
      const role = roles.get(name);
      if (!role) reasons.push(USER_IMPORT_MESSAGES.roleUnknown(name.slice(0, 32)));
      else if (role.beyondOwn) reasons.push(USER_ADMIN_MESSAGES.roleBeyondOwn(role.name));
      else if (reach.has(role.id) && !scopeCovers(scope, reach.get(role.id)!))
        reasons.push(USER_ADMIN_MESSAGES.roleBeyondScope(role.name));
      else roleIds.push(role.id);
    }
    const orgText = values.org.trim();
    let orgId: number | null = null;
    if (orgText !== '') {
      const found = orgs.byCode.get(orgText.toLowerCase()) ?? orgs.byName.get(orgText);
      if (found === undefined) reasons.push(USER_IMPORT_MESSAGES.orgUnknown(orgText.slice(0, 64)));
      else if (found === null) reasons.push(USER_IMPORT_MESSAGES.orgAmbiguous(orgText.slice(0, 64)));
      else orgId = found;
    }
    if (!(orgText !== '' && orgId === null) && !scopeAllowsOrg(scope, orgId))
      reasons.push(USER_ADMIN_MESSAGES.orgBeyondScope);
    const postNames = [
      ...new Set(
        values.posts
          .split(ROLE_SEPARATOR)
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    ];
    if (postNames.length > 20) reasons.push(USER_IMPORT_MESSAGES.postsTooMany);
    const postIds: number[] = [];
    for (const name of postNames.slice(0, 20)) {
      const post = posts.get(name);
      if (post === undefined) reasons.push(USER_IMPORT_MESSAGES.postUnknown(name.slice(0, 32)));
      else postIds.push(post);
    }
    if (reasons.length > 0) {
      refused.push({ row, reasons });
      continue;
    }
    candidates.push({
      row,
      loginName: values.loginName,
      realname: values.realname,
      phone: values.phone === '' ? null : values.phone,
      email: values.email === '' ? null : values.email,
      password: values.password,
      roleIds,
      orgId,
      postIds,
    });
  }

  const hashes = await hashAll(candidates.map((candidate) => candidate.password));
  const stored = await db.transaction(async (tx) => {
    // Again in the transaction, for users added since the check above.
    const takenNow = await takenBy(
      tx,
      enterpriseId,
      candidates.map((candidate) => candidate.loginName),
      candidates.map((candidate) => candidate.phone ?? ''),
    );
    let count = 0;
    const now = new Date();
    for (const [index, candidate] of candidates.entries()) {
      const reasons: string[] = [];
      if (takenNow.loginNames.has(candidate.loginName.toLowerCase())) reasons.push(USER_ADMIN_MESSAGES.loginNameTaken);
      if (candidate.phone !== null && takenNow.phones.has(candidate.phone))
        reasons.push(USER_ADMIN_MESSAGES.phoneTaken);
      if (reasons.length > 0) {
        refused.push({ row: candidate.row, reasons });
        continue;
      }
      const [user] = await tx
        .insert(sysUsers)
        .values({
          enterpriseId,
          loginName: candidate.loginName,
          realname: candidate.realname,
          passwordHash: hashes[index] as string,
          phone: candidate.phone,
          email: candidate.email,
          orgId: candidate.orgId,
          status: '1',
          passwordChangedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        // A user added since the check in this transaction (same login name or phone): refused, not a 500.
        .onConflictDoNothing()
        .returning({ id: sysUsers.id });
      if (!user) {
        refused.push({ row: candidate.row, reasons: [USER_IMPORT_MESSAGES.takenMeanwhile] });
        continue;
      }
      if (candidate.roleIds.length > 0)
        await tx.insert(sysUserRoles).values(candidate.roleIds.map((roleId) => ({ userId: user.id, roleId })));
      if (candidate.postIds.length > 0)
        await tx.insert(sysUserPosts).values(candidate.postIds.map((postId) => ({ userId: user.id, postId })));
      await recordAudit(tx, request, {
        action: 'user.import',
        entity: 'user',
        entityId: user.id,
        after: {
          loginName: candidate.loginName,
          realname: candidate.realname,
          phone: candidate.phone,
          email: candidate.email,
          status: '1',
          orgId: candidate.orgId,
          roleIds: candidate.roleIds.map(String),
          postIds: candidate.postIds.map(String),
          row: candidate.row,
        },
      });
      count += 1;
    }
    return count;
  });
  refused.sort((a, b) => a.row - b.row);
  return { stored, refused };
}
