import type { AddUserBody, UpdFrozenUserBody, UpdPwdUserBody, UpdUserBody } from '@cotton/sdk/contracts';
import { isEmail, isMobile, isStrongPassword, messages, trimmed } from '@cotton/sdk/validators';
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import { sysOrgs, sysPosts, sysRoles, sysSessions, sysUserPosts, sysUserRoles, sysUsers } from '../../db/schema/index';
import { takeLimitsAlone } from '../../lib/limits/index';
import { ApiError } from '../../http/envelope';
import { parseIdList } from '../shared/id-list';
import { authOf } from '../auth/authenticate';
import { hashPassword } from '../auth/password';
import { CEILING_MESSAGES, guardRoles, guardUsers, widerRole } from '../ceiling/guard';
import { recordAudit } from '../shared/audit';
import { scopeAllowsOrg, type DataScope } from '../data-scope/scope';
import { USER_ADMIN_MESSAGES } from './messages';
import { CENTRE_USERS, userScope, type UserRealm } from './realm';

/**
 * 用户管理's writes (docs/auth.md "User administration"): adding and editing users with their
 * roles, organisation and posts, freezing, new passwords, deleting — each on a user within the
 * caller's data scope (data-scope/scope.ts) and reach (the ceiling) — and the form they are made
 * from (`userBindRoles`). Every write records an audit row in its transaction; freezing,
 * deleting and a new password end the user's sessions at once.
 */

/** The columns of a user that an audit row keeps as before / after (never the password hash). */
const AUDITED_USER = {
  id: sysUsers.id,
  loginName: sysUsers.loginName,
  realname: sysUsers.realname,
  phone: sysUsers.phone,
  email: sysUsers.email,
  status: sysUsers.status,
  orgId: sysUsers.orgId,
};

/** The user `id` within the caller's data scope (`scope`) with its role and post ids, or 404. */
async function ownUser(db: Tx | AppDatabase, scope: SQL, id: number) {
  const [user] = await db
    .select(AUDITED_USER)
    .from(sysUsers)
    .where(and(eq(sysUsers.id, id), scope));
  if (!user) throw new ApiError('404', USER_ADMIN_MESSAGES.notFound);
  const roles = await db
    .select({ roleId: sysUserRoles.roleId })
    .from(sysUserRoles)
    .where(eq(sysUserRoles.userId, id))
    .orderBy(asc(sysUserRoles.roleId));
  const posts = await db
    .select({ postId: sysUserPosts.postId })
    .from(sysUserPosts)
    .where(eq(sysUserPosts.userId, id))
    .orderBy(asc(sysUserPosts.postId));
  return {
    ...user,
    roleIds: roles.map((role) => String(role.roleId)),
    postIds: posts.map((post) => String(post.postId)),
  };
}

/**
 * The organisation a user is put in: one of the caller's enterprise, within their data
 * scope (a limited scope cannot add users it would not see, nor move them out of sight).
 */
async function checkOrg(db: Tx, enterpriseId: number, scope: DataScope, orgIdText: string | null | undefined) {
  const orgId = orgIdText ? Number(orgIdText) : null;
  if (orgId !== null) {
    const [org] = await db
      .select({ id: sysOrgs.id })
      .from(sysOrgs)
      .where(and(eq(sysOrgs.id, orgId), eq(sysOrgs.enterpriseId, enterpriseId)));
    if (!org) throw new ApiError('400', USER_ADMIN_MESSAGES.orgNotFound);
  }
  if (!scopeAllowsOrg(scope, orgId)) throw new ApiError('403', USER_ADMIN_MESSAGES.orgBeyondScope);
  return orgId;
}

/**
 * Sets the user's posts to `postIdTexts`. A disabled post may be kept by whoever holds it
 * but not newly given.
 */
async function bindPosts(db: Tx, userId: number, postIdTexts: string[] | undefined): Promise<string[]> {
  const postIds = [...new Set((postIdTexts ?? []).map(Number))].sort((a, b) => a - b);
  const current = await db
    .select({ postId: sysUserPosts.postId })
    .from(sysUserPosts)
    .where(eq(sysUserPosts.userId, userId));
  const held = new Set(current.map((row) => row.postId));
  const added = postIds.filter((id) => !held.has(id));
  if (added.length > 0) {
    const found = await db
      .select({ id: sysPosts.id })
      .from(sysPosts)
      .where(and(inArray(sysPosts.id, added), eq(sysPosts.status, '1')));
    if (found.length !== added.length) throw new ApiError('400', USER_ADMIN_MESSAGES.postNotFound);
  }
  await db.delete(sysUserPosts).where(eq(sysUserPosts.userId, userId));
  if (postIds.length > 0) await db.insert(sysUserPosts).values(postIds.map((postId) => ({ userId, postId })));
  return postIds.map(String);
}

function optionalText(value: string | null | undefined): string | null {
  const text = trimmed(value);
  return text === '' ? null : text;
}

/** Phone and email as stored (null when blank), checked with the SDK's rules. */
function contactOf(body: { phone?: string | null; email?: string | null }) {
  const phone = optionalText(body.phone);
  const email = optionalText(body.email);
  if (phone !== null && !isMobile(phone)) throw new ApiError('400', messages.mobile);
  if (email !== null && !isEmail(email)) throw new ApiError('400', messages.email);
  return { phone, email };
}

function checkPassword(password: string): void {
  if (!isStrongPassword(password)) throw new ApiError('400', USER_ADMIN_MESSAGES.password);
}

/**
 * Whether a mobile belongs to an account is asked (the duplicate check, a form's phone) at most
 * this often per administrator: enough for any form, too few to walk the numbers — an approved
 * enterprise's administrator may ask too, and the answer covers the whole site.
 */
export const CONTACT_CHECK_LIMIT = { max: 60, windowMs: 10 * 60 * 1000 } as const;

/** Takes one phone question from the caller's share; over it → `429` 请求过于频繁，请稍后再试. */
export async function takeContactCheck(db: AppDatabase, userId: number): Promise<void> {
  if (await takeLimitsAlone(db, [{ key: `contact-check:${userId}`, ...CONTACT_CHECK_LIMIT }]))
    throw new ApiError('429');
}

async function checkPhoneFree(db: Tx, phone: string | null, userId: number | null): Promise<void> {
  if (phone === null) return;
  const [taken] = await db
    .select({ id: sysUsers.id })
    .from(sysUsers)
    .where(and(eq(sysUsers.phone, phone), userId === null ? undefined : ne(sysUsers.id, userId)))
    .limit(1);
  if (taken) throw new ApiError('400', USER_ADMIN_MESSAGES.phoneTaken);
}

/**
 * Sets the user's roles to `roleIdTexts`. Every role given or taken away must be within the
 * caller's reach (the ceiling: it holds nothing the caller does not) and see no further than
 * the caller on the realm's list; an enterprise's administrator gives only the roles marked
 * grantable to enterprises.
 */
async function bindRoles(
  db: Tx,
  request: FastifyRequest,
  userId: number,
  roleIdTexts: string[],
  scope: DataScope,
  realm: UserRealm,
): Promise<string[]> {
  const roleIds = [...new Set(roleIdTexts.map(Number))].sort((a, b) => a - b);
  if (roleIds.length > 0) {
    const found = await db
      .select({ id: sysRoles.id })
      .from(sysRoles)
      .where(
        and(
          inArray(sysRoles.id, roleIds),
          realm.roles === 'enterprise' ? eq(sysRoles.enterpriseGrantable, true) : undefined,
        ),
      );
    if (found.length !== roleIds.length) throw new ApiError('400', USER_ADMIN_MESSAGES.roleNotFound);
  }
  const current = await db
    .select({ roleId: sysUserRoles.roleId, grantable: sysRoles.enterpriseGrantable })
    .from(sysUserRoles)
    .innerJoin(sysRoles, eq(sysRoles.id, sysUserRoles.roleId))
    .where(eq(sysUserRoles.userId, userId));
  const currentIds = new Set(current.map((row) => row.roleId));
  // Roles an enterprise's administrator does not see (given by the centre) stay as they are.
  if (realm.roles === 'enterprise')
    for (const row of current) if (!row.grantable && !roleIds.includes(row.roleId)) roleIds.push(row.roleId);
  roleIds.sort((x, y) => x - y);
  const changed = [
    ...roleIds.filter((id) => !currentIds.has(id)),
    ...[...currentIds].filter((id) => !roleIds.includes(id)),
  ];
  if (changed.length > 0) {
    await guardRoles(db, authOf(request), changed, CEILING_MESSAGES.roleGiven);
    // Nor see further than the caller: a role whose data scope on the list reaches beyond theirs.
    const wider = await widerRole(db, scope, changed, realm.list);
    if (wider !== null) throw new ApiError('403', USER_ADMIN_MESSAGES.roleBeyondScope(wider));
  }
  await db.delete(sysUserRoles).where(eq(sysUserRoles.userId, userId));
  if (roleIds.length > 0) await db.insert(sysUserRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  return roleIds.map(String);
}

export async function addUser(db: AppDatabase, request: FastifyRequest, body: AddUserBody, realm = CENTRE_USERS) {
  const { auth, scope } = await userScope(db, request, realm);
  const loginName = body.loginName.trim();
  const realname = trimmed(body.realname);
  if (realname === '') throw new ApiError('400', '请输入姓名');
  const contact = contactOf(body);
  checkPassword(body.password);
  if (contact.phone !== null) await takeContactCheck(db, auth.user.id);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: sysUsers.id })
      .from(sysUsers)
      .where(
        and(eq(sysUsers.enterpriseId, auth.user.enterpriseId), sql`lower(${sysUsers.loginName}) = lower(${loginName})`),
      )
      .limit(1);
    if (taken) throw new ApiError('400', USER_ADMIN_MESSAGES.loginNameTaken);
    await checkPhoneFree(tx, contact.phone, null);
    const orgId = realm.orgsAndPosts ? await checkOrg(tx, auth.user.enterpriseId, scope, body.orgId) : null;
    const now = new Date();
    const [row] = await tx
      .insert(sysUsers)
      .values({
        enterpriseId: auth.user.enterpriseId,
        loginName,
        realname,
        passwordHash,
        ...contact,
        orgId,
        status: '1',
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: sysUsers.id });
    const roleIds = await bindRoles(tx, request, row.id, body.roleIds, scope, realm);
    const postIds = realm.orgsAndPosts ? await bindPosts(tx, row.id, body.postIds) : [];
    await recordAudit(tx, request, {
      action: 'user.add',
      entity: 'user',
      entityId: row.id,
      after: { loginName, realname, ...contact, orgId, status: '1', roleIds, postIds },
    });
    return { id: String(row.id) };
  });
}

export async function updateUser(db: AppDatabase, request: FastifyRequest, body: UpdUserBody, realm = CENTRE_USERS) {
  const { auth, scope, where } = await userScope(db, request, realm);
  const realname = trimmed(body.realname);
  if (realname === '') throw new ApiError('400', '请输入姓名');
  const contact = contactOf(body);
  const id = Number(body.id);
  // A new phone is a question whether it is taken (keeping the one the user has is not), and is
  // counted whatever the answer: taken outside the write, whose refusal would undo the take.
  const [current] = await db
    .select({ phone: sysUsers.phone })
    .from(sysUsers)
    .where(and(eq(sysUsers.id, id), where));
  if (contact.phone !== null && contact.phone !== current?.phone) await takeContactCheck(db, auth.user.id);
  return db.transaction(async (tx) => {
    const before = await ownUser(tx, where, id);
    await guardUsers(tx, auth, [id]);
    await checkPhoneFree(tx, contact.phone, id);
    // Absent: the organisation stays (a client that does not know the field changes nothing).
    // Unchanged: no scope check (an administrator of 仅本人 may still edit themselves).
    const unchanged =
      !realm.orgsAndPosts || body.orgId === undefined || (body.orgId ? Number(body.orgId) : null) === before.orgId;
    const orgId = unchanged ? before.orgId : await checkOrg(tx, auth.user.enterpriseId, scope, body.orgId);
    await tx
      .update(sysUsers)
      .set({ realname, ...contact, orgId, updatedAt: new Date() })
      .where(eq(sysUsers.id, id));
    const roleIds = await bindRoles(tx, request, id, body.roleIds, scope, realm);
    const postIds =
      body.postIds === undefined || !realm.orgsAndPosts ? before.postIds : await bindPosts(tx, id, body.postIds);
    await recordAudit(tx, request, {
      action: 'user.update',
      entity: 'user',
      entityId: id,
      before,
      after: { ...before, realname, ...contact, orgId, roleIds, postIds },
    });
    return { updated: 1 };
  });
}

async function endSessions(db: Tx, userIds: number[], now: Date): Promise<void> {
  await db
    .update(sysSessions)
    .set({ revokedAt: now })
    .where(and(inArray(sysSessions.userId, userIds), sql`${sysSessions.revokedAt} is null`));
}

/**
 * The users of `ids`, every one within the caller's data scope (else `404`, nothing done: a
 * batch never leaves some out silently) and their reach (else `403`).
 */
async function reachableUsers(db: Tx, request: FastifyRequest, where: SQL, ids: number[]) {
  const users = await db
    .select(AUDITED_USER)
    .from(sysUsers)
    .where(and(inArray(sysUsers.id, ids), where));
  if (users.length !== ids.length) throw new ApiError('404', USER_ADMIN_MESSAGES.notFound);
  await guardUsers(db, authOf(request), ids);
  return users;
}

export async function freezeUsers(
  db: AppDatabase,
  request: FastifyRequest,
  body: UpdFrozenUserBody,
  realm = CENTRE_USERS,
) {
  const { auth, where } = await userScope(db, request, realm);
  const ids = parseIdList(body.ids, '用户编号');
  if (body.status === '2' && ids.includes(auth.user.id)) throw new ApiError('400', USER_ADMIN_MESSAGES.freezeSelf);
  return db.transaction(async (tx) => {
    await reachableUsers(tx, request, where, ids);
    const now = new Date();
    const rows = await tx
      .update(sysUsers)
      .set({ status: body.status, updatedAt: now })
      .where(and(inArray(sysUsers.id, ids), where, ne(sysUsers.status, body.status)))
      .returning({ id: sysUsers.id, loginName: sysUsers.loginName });
    // Those already in the status asked for are done: left alone, and counted so the page can say so.
    const unchanged = ids.length - rows.length;
    if (rows.length === 0) return { updated: 0, unchanged };
    if (body.status === '2')
      await endSessions(
        tx,
        rows.map((row) => row.id),
        now,
      );
    const before = body.status === '2' ? '1' : '2';
    for (const row of rows) {
      await recordAudit(tx, request, {
        action: body.status === '2' ? 'user.freeze' : 'user.unfreeze',
        entity: 'user',
        entityId: row.id,
        before: { loginName: row.loginName, status: before },
        after: { loginName: row.loginName, status: body.status },
      });
    }
    return { updated: rows.length, unchanged };
  });
}

export async function resetPassword(
  db: AppDatabase,
  request: FastifyRequest,
  body: UpdPwdUserBody,
  realm = CENTRE_USERS,
) {
  const { auth, where } = await userScope(db, request, realm);
  checkPassword(body.password);
  const id = Number(body.id);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const user = await ownUser(tx, where, id);
    await guardUsers(tx, auth, [id]);
    const now = new Date();
    await tx.update(sysUsers).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(sysUsers.id, id));
    // The administrator's own reset keeps the session making the call.
    await tx
      .update(sysSessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sysSessions.userId, id),
          sql`${sysSessions.revokedAt} is null`,
          id === auth.user.id ? ne(sysSessions.id, auth.session.id) : undefined,
        ),
      );
    await recordAudit(tx, request, {
      action: 'user.password',
      entity: 'user',
      entityId: id,
      after: { loginName: user.loginName, passwordChangedAt: now.toISOString() },
    });
    return { updated: 1 };
  });
}

export async function deleteUsers(db: AppDatabase, request: FastifyRequest, idsText: string, realm = CENTRE_USERS) {
  const { auth, where } = await userScope(db, request, realm);
  const ids = parseIdList(idsText, '用户编号');
  if (ids.includes(auth.user.id)) throw new ApiError('400', USER_ADMIN_MESSAGES.deleteSelf);
  return db.transaction(async (tx) => {
    const users = await reachableUsers(tx, request, where, ids);
    // Sessions, roles and tickets go with the user (ON DELETE CASCADE).
    await tx.delete(sysUsers).where(and(inArray(sysUsers.id, ids), where));
    for (const user of users) {
      await recordAudit(tx, request, { action: 'user.delete', entity: 'user', entityId: user.id, before: user });
    }
    return { deleted: users.length };
  });
}

/**
 * What the user form offers and holds: the roles, the organisations of the enterprise (each
 * marked whether the caller's data scope lets a user be put there), the enabled posts (and
 * any disabled one the user still holds); with `id`, that user's roles, organisation and posts.
 */
export async function userBindRoles(
  db: AppDatabase,
  request: FastifyRequest,
  id: string | undefined,
  realm = CENTRE_USERS,
) {
  const { auth, scope, where } = await userScope(db, request, realm);
  const user = id === undefined ? null : await ownUser(db, where, Number(id));
  const [roles, orgs, posts] = await Promise.all([
    db
      .select({ id: sysRoles.id, code: sysRoles.code, name: sysRoles.name })
      .from(sysRoles)
      .where(realm.roles === 'enterprise' ? eq(sysRoles.enterpriseGrantable, true) : undefined)
      .orderBy(asc(sysRoles.id)),
    realm.orgsAndPosts
      ? db
          .select({ id: sysOrgs.id, parentId: sysOrgs.parentId, code: sysOrgs.code, name: sysOrgs.name })
          .from(sysOrgs)
          .where(eq(sysOrgs.enterpriseId, auth.user.enterpriseId))
          .orderBy(asc(sysOrgs.sort), asc(sysOrgs.id))
      : [],
    realm.orgsAndPosts
      ? db
          .select({ id: sysPosts.id, code: sysPosts.code, name: sysPosts.name, status: sysPosts.status })
          .from(sysPosts)
          .orderBy(asc(sysPosts.sort), asc(sysPosts.id))
      : [],
  ]);
  const heldPosts = new Set(user?.postIds ?? []);
  return {
    roles: roles.map((role) => ({ ...role, id: String(role.id) })),
    // An enterprise's administrator sees only the grantable roles a user holds.
    boundRoleIds: (user?.roleIds ?? []).filter((roleId) => roles.some((role) => String(role.id) === roleId)),
    orgs: orgs.map((org) => ({
      id: String(org.id),
      parentId: org.parentId === null ? null : String(org.parentId),
      code: org.code,
      name: org.name,
      selectable: scopeAllowsOrg(scope, org.id),
    })),
    posts: posts
      .filter((post) => post.status === '1' || heldPosts.has(String(post.id)))
      .map((post) => ({ id: String(post.id), code: post.code, name: post.name, disabled: post.status !== '1' })),
    boundOrgId: user?.orgId == null ? null : String(user.orgId),
    boundPostIds: user?.postIds ?? [],
  };
}
