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
import { defineAdminResource } from '../../lib/admin-resource/index';
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
  return { ...user, ...(await heldBy(db, id)) };
}

/** The ids of the roles and posts the user holds, as text in order. */
async function heldBy(db: Tx | AppDatabase, id: number) {
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
  return { roleIds: roles.map((role) => String(role.roleId)), postIds: posts.map((post) => String(post.postId)) };
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

/**
 * The user's roles once set to `roleIdTexts` (`userId` null: a new user, holding none). Every
 * role given or taken away must be within the caller's reach (the ceiling: it holds nothing the
 * caller does not) and see no further than the caller on the realm's list; an enterprise's
 * administrator gives only the roles marked grantable to enterprises.
 */
async function rolesToBind(
  db: Tx,
  request: FastifyRequest,
  userId: number | null,
  roleIdTexts: string[],
  scope: DataScope,
  realm: UserRealm,
): Promise<number[]> {
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
  const current =
    userId === null
      ? []
      : await db
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
  return roleIds;
}

/** Sets the user's roles to `roleIds` (checked by `rolesToBind`). */
async function writeRoles(db: Tx, userId: number, roleIds: number[]): Promise<string[]> {
  await db.delete(sysUserRoles).where(eq(sysUserRoles.userId, userId));
  if (roleIds.length > 0) await db.insert(sysUserRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  return roleIds.map(String);
}

/**
 * 用户管理's admin resource (docs/architecture.md "Admin resources"), one per realm: the users
 * the caller's data scope shows (others are 404), each write on an existing user guarded by the
 * ceiling (`guardUsers`) before the login name (per enterprise, whatever the case) and the phone
 * (site-wide) are compared. Freezing is the status change (`user.freeze` / `user.unfreeze`).
 */
function userResourceOf(realm: UserRealm) {
  return defineAdminResource({
    entity: 'user',
    action: 'user',
    table: sysUsers,
    key: sysUsers.id,
    audited: AUDITED_USER,
    label: 'loginName',
    notFound: USER_ADMIN_MESSAGES.notFound,
    unique: [
      {
        field: 'loginName',
        message: USER_ADMIN_MESSAGES.loginNameTaken,
        caseInsensitive: true,
        within: ['enterpriseId'],
      },
      { field: 'phone', message: USER_ADMIN_MESSAGES.phoneTaken },
    ],
    touch: 'updatedAt',
    status: { field: 'status', verb: (status) => (status === '2' ? 'freeze' : 'unfreeze') },
    open: (tx, request) => userScope(tx, request, realm),
    visible: (ctx) => ctx.where,
    guard: (tx, _request, target, ctx) =>
      target.kind === 'add'
        ? undefined
        : guardUsers(
            tx,
            ctx.auth,
            target.rows.map((row) => row.id),
          ),
  });
}

const USER_RESOURCES = new Map<UserRealm, ReturnType<typeof userResourceOf>>();

/** The realm's resource, made once. */
export function userResource(realm: UserRealm = CENTRE_USERS) {
  let resource = USER_RESOURCES.get(realm);
  if (!resource) USER_RESOURCES.set(realm, (resource = userResourceOf(realm)));
  return resource;
}

/**
 * 新增: the organisation (within the caller's scope) and the roles given (the ceiling) are
 * checked before the login name and the phone are compared.
 */
export async function addUser(db: AppDatabase, request: FastifyRequest, body: AddUserBody, realm = CENTRE_USERS) {
  const auth = authOf(request);
  const loginName = body.loginName.trim();
  const realname = trimmed(body.realname);
  if (realname === '') throw new ApiError('400', '请输入姓名');
  const contact = contactOf(body);
  checkPassword(body.password);
  if (contact.phone !== null) await takeContactCheck(db, auth.user.id);
  const passwordHash = await hashPassword(body.password);
  let roleIds: number[] = [];
  const row = await userResource(realm).add(
    db,
    request,
    async (tx, { scope }) => {
      const orgId = realm.orgsAndPosts ? await checkOrg(tx, auth.user.enterpriseId, scope, body.orgId) : null;
      roleIds = await rolesToBind(tx, request, null, body.roleIds, scope, realm);
      const now = new Date();
      return {
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
      };
    },
    {
      write: async (tx, user) => ({
        roleIds: await writeRoles(tx, user.id, roleIds),
        postIds: realm.orgsAndPosts ? await bindPosts(tx, user.id, body.postIds) : [],
      }),
      // Never the password's hash.
      audit: (values) => ({ loginName, realname, ...contact, orgId: values.orgId ?? null, status: '1' }),
    },
  );
  return { id: String(row.id) };
}

/**
 * 编辑: the ceiling on the user, then the phone compared; the organisation and the roles are
 * checked as they are written (the roles given or taken away: the ceiling again).
 */
export async function updateUser(db: AppDatabase, request: FastifyRequest, body: UpdUserBody, realm = CENTRE_USERS) {
  const auth = authOf(request);
  const realname = trimmed(body.realname);
  if (realname === '') throw new ApiError('400', '请输入姓名');
  const contact = contactOf(body);
  const id = Number(body.id);
  // A new phone is a question whether it is taken (keeping the one the user has is not), and is
  // counted whatever the answer: taken outside the write, whose refusal would undo the take.
  const { where } = await userScope(db, request, realm);
  const [current] = await db
    .select({ phone: sysUsers.phone })
    .from(sysUsers)
    .where(and(eq(sysUsers.id, id), where));
  if (contact.phone !== null && contact.phone !== current?.phone) await takeContactCheck(db, auth.user.id);
  let held: { roleIds: string[]; postIds: string[] } = { roleIds: [], postIds: [] };
  return userResource(realm).update(
    db,
    request,
    id,
    { realname, ...contact },
    {
      async write(tx, before, { scope }) {
        held = await heldBy(tx, id);
        // Absent: the organisation stays (a client that does not know the field changes nothing).
        // Unchanged: no scope check (an administrator of 仅本人 may still edit themselves).
        const unchanged =
          !realm.orgsAndPosts || body.orgId === undefined || (body.orgId ? Number(body.orgId) : null) === before.orgId;
        const orgId = unchanged ? before.orgId : await checkOrg(tx, auth.user.enterpriseId, scope, body.orgId);
        if (!unchanged) await tx.update(sysUsers).set({ orgId }).where(eq(sysUsers.id, id));
        const roleIds = await writeRoles(tx, id, await rolesToBind(tx, request, id, body.roleIds, scope, realm));
        const postIds =
          body.postIds === undefined || !realm.orgsAndPosts ? held.postIds : await bindPosts(tx, id, body.postIds);
        return { orgId, roleIds, postIds };
      },
      audit: (before, after) => ({ before: { ...before, ...held }, after }),
    },
  );
}

async function endSessions(db: Tx, userIds: number[], now: Date): Promise<void> {
  await db
    .update(sysSessions)
    .set({ revokedAt: now })
    .where(and(inArray(sysSessions.userId, userIds), sql`${sysSessions.revokedAt} is null`));
}

/**
 * 冻结 / 解冻 of users within the caller's data scope (one outside: `404`, nothing done — a batch
 * never leaves some out silently) and their reach (else `403`); a frozen user's sessions end at
 * once. Those already in the status asked for are left alone, and counted (`unchanged`).
 */
export async function freezeUsers(
  db: AppDatabase,
  request: FastifyRequest,
  body: UpdFrozenUserBody,
  realm = CENTRE_USERS,
) {
  const auth = authOf(request);
  const ids = parseIdList(body.ids, '用户编号');
  if (body.status === '2' && ids.includes(auth.user.id)) throw new ApiError('400', USER_ADMIN_MESSAGES.freezeSelf);
  const { updated } = await userResource(realm).setStatus(db, request, ids, body.status, {
    write: async (tx, changed) => {
      if (body.status === '2')
        await endSessions(
          tx,
          changed.map((row) => row.id),
          new Date(),
        );
    },
  });
  return { updated, unchanged: ids.length - updated };
}

/**
 * 重置密码: an update of the user's password only (`user.password`), within the caller's scope
 * (else 404) and reach (else 403); the user's sessions end, but for the one making the call when
 * administrators reset their own. The audit keeps when, never the password or its hash.
 */
export async function resetPassword(
  db: AppDatabase,
  request: FastifyRequest,
  body: UpdPwdUserBody,
  realm = CENTRE_USERS,
) {
  checkPassword(body.password);
  const id = Number(body.id);
  const passwordHash = await hashPassword(body.password);
  const now = new Date();
  return userResource(realm).update(
    db,
    request,
    id,
    { passwordHash, passwordChangedAt: now, updatedAt: now },
    {
      action: 'password',
      async write(tx, _before, { auth }) {
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
      },
      audit: (before) => ({ after: { loginName: before.loginName, passwordChangedAt: now.toISOString() } }),
    },
  );
}

/** 删除 of users within the caller's scope and reach, never the caller; their sessions, roles and tickets go with them (ON DELETE CASCADE). */
export async function deleteUsers(db: AppDatabase, request: FastifyRequest, idsText: string, realm = CENTRE_USERS) {
  const ids = parseIdList(idsText, '用户编号');
  if (ids.includes(authOf(request).user.id)) throw new ApiError('400', USER_ADMIN_MESSAGES.deleteSelf);
  return userResource(realm).remove(db, request, ids);
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
