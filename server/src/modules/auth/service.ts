import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { cmsSites, dictItems, sysApps, sysEnterprises, sysIcons, sysLoginAgreements, sysPermissions, sysUsers } from '../../db/schema/index';
import { ApiError } from '../../plugins/envelope';
import { SITE_NAME } from '../portal/service';
import { decryptLoginPayload, type LoginKey } from './login-key';
import { verifyPassword } from './password';
import type { InitData, MenuNode } from './schema';
import { consumeSliderProof, SLIDER_MESSAGES } from './slider';
import {
  findUser,
  formAccountKey,
  isActive,
  issueLoginTicket,
  lockedOut,
  permissionsOf,
  recordLoginAttempt,
  toUserInfo,
  type SessionUser,
} from './session';

export const FORM_CLIENT_NAME = 'form_client';
export const LOGIN_COOKIE = 'cotton_login';
export const LOGIN_COOKIE_PATH = '/cas/client';

export const LOGIN_MESSAGES = {
  code: '请输入业务代码',
  username: '请输入用户名',
  password: '请输入密码',
  undecryptable: '登录信息无法解析，请刷新页面后重试',
  refused: '业务代码、用户名或密码错误',
  locked: '登录失败次数过多，请 15 分钟后再试',
  frozen: '账号已被冻结，请联系管理员',
  ticket: '登录已失效，请重新登录',
  success: '登录成功',
} as const;

/** Dictionaries the back office reads from the init call. */
export const APP_DICT_CODES = ['WAREHOUSE_AREA_TYPE', 'WAREHOUSE_STATUS', 'TRADER_TYPE', 'LR_CERTIFICATE_TYPE'] as const;

const LIMITS = { code: 32, username: 32, password: 128 } as const;

export interface LoginFields {
  code: string;
  username: string;
  password: string;
  proof: string;
}

/** The decrypted JSON `{c, u, p, s}`, trimmed and checked for presence (`400`). */
export function parseLoginFields(plain: string | null): LoginFields {
  let parsed: unknown = null;
  try {
    parsed = plain === null ? null : JSON.parse(plain);
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ApiError('400', LOGIN_MESSAGES.undecryptable);
  const record = parsed as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const fields = { code: text(record.c), username: text(record.u), password: text(record.p), proof: text(record.s) };
  if (!fields.code) throw new ApiError('400', LOGIN_MESSAGES.code);
  if (!fields.username) throw new ApiError('400', LOGIN_MESSAGES.username);
  if (!fields.password) throw new ApiError('400', LOGIN_MESSAGES.password);
  return fields;
}

/** The user with this business code and username (both case-insensitive), if any. */
async function userByLogin(db: AppDatabase, code: string, username: string): Promise<(SessionUser & { passwordHash: string }) | null> {
  if (code.length > LIMITS.code || username.length > LIMITS.username) return null;
  const [row] = await db
    .select({ id: sysUsers.id, passwordHash: sysUsers.passwordHash })
    .from(sysUsers)
    .innerJoin(sysEnterprises, eq(sysEnterprises.id, sysUsers.enterpriseId))
    .where(and(sql`lower(${sysEnterprises.code}) = lower(${code})`, sql`lower(${sysUsers.loginName}) = lower(${username})`))
    .limit(1);
  if (!row) return null;
  const user = await findUser(db, row.id);
  return user && { ...user, passwordHash: row.passwordHash };
}

/**
 * Checks the password of `code`/`username` with the lockout (docs/auth.md): locked → `1002`
 * (not recorded); unknown account or wrong password → `1001`, recorded; correct password
 * of a frozen account or disabled enterprise → `1004`.
 */
export async function checkPasswordLogin(
  db: AppDatabase,
  input: { code: string; username: string; password: string; ip: string; clientName: string },
): Promise<SessionUser> {
  const accountKey = formAccountKey(input.code, input.username);
  if (await lockedOut(db, { accountKey, ip: input.ip })) throw new ApiError('1002', LOGIN_MESSAGES.locked);
  const user = await userByLogin(db, input.code, input.username);
  const passwordOk = input.password.length <= LIMITS.password && (await verifyPassword(input.password, user?.passwordHash));
  if (!user || !passwordOk) {
    await recordLoginAttempt(db, { accountKey, ip: input.ip, success: false, clientName: input.clientName });
    throw new ApiError('1001', LOGIN_MESSAGES.refused);
  }
  await recordLoginAttempt(db, { accountKey, ip: input.ip, success: true, clientName: input.clientName });
  if (!isActive(user)) throw new ApiError('1004', LOGIN_MESSAGES.frozen);
  return user;
}

/** `redirect`: `service` when it is a local path (`/…`, not `//…`), else `/`. */
export function localRedirect(service: string | undefined): string {
  if (!service || !service.startsWith('/') || service.startsWith('//') || service.startsWith('/\\') || /[\r\n]/.test(service)) return '/';
  return service;
}

/**
 * The form login: decrypt, check the fields, use up the slider proof (even when the
 * password then turns out wrong), check the password, and hand out a one-time ticket.
 */
export async function formLogin(
  db: AppDatabase,
  key: LoginKey,
  input: { authorization: string; ip: string; service?: string },
): Promise<{ ticket: string; redirect: string }> {
  const fields = parseLoginFields(decryptLoginPayload(key, input.authorization));
  if (!fields.proof) throw new ApiError('1003', SLIDER_MESSAGES.missing);
  if (!(await consumeSliderProof(db, fields.proof))) throw new ApiError('1003', SLIDER_MESSAGES.stale);
  const user = await checkPasswordLogin(db, { ...fields, ip: input.ip, clientName: FORM_CLIENT_NAME });
  const ticket = await issueLoginTicket(db, user.id, FORM_CLIENT_NAME);
  return { ticket, redirect: localRedirect(input.service) };
}

/** `Set-Cookie` value of the login ticket cookie (`maxAge` 0 clears it). */
export function loginCookie(value: string, maxAge: number, secure: boolean): string {
  return [
    `${LOGIN_COOKIE}=${value}`,
    `Path=${LOGIN_COOKIE_PATH}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The value of cookie `name` in a `Cookie` header. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return null;
}

export function ssoLogoutUrl(casServerUrl: string | null, publicUrl: string): string | null {
  return casServerUrl ? `${casServerUrl}/logout?service=${encodeURIComponent(`${publicUrl}/home`)}` : null;
}

// ---------------------------------------------------------------------------------------
// Login agreement

export const DEFAULT_AGREEMENT_CODE = 'portal';

export async function getLoginAgreement(db: AppDatabase) {
  const [row] = await db
    .select({ title: sysLoginAgreements.title, content: sysLoginAgreements.content, displayName: sysLoginAgreements.displayName })
    .from(sysLoginAgreements)
    .where(and(eq(sysLoginAgreements.customCode, DEFAULT_AGREEMENT_CODE), eq(sysLoginAgreements.enabled, true)))
    .limit(1);
  return row ?? null;
}

export async function requireCheckedAgreement(db: AppDatabase, customCode: string | undefined): Promise<{ checked: '0' | '1' | '2' }> {
  const code = customCode?.trim() || DEFAULT_AGREEMENT_CODE;
  const [row] = await db
    .select({ checked: sysLoginAgreements.checked })
    .from(sysLoginAgreements)
    .where(and(eq(sysLoginAgreements.customCode, code), eq(sysLoginAgreements.enabled, true)))
    .limit(1);
  const checked = row?.checked;
  return { checked: checked === '1' || checked === '2' ? checked : '0' };
}

// ---------------------------------------------------------------------------------------
// Init

export const INDEX_MENU_PATH = '/project/display';

export async function menuTree(db: AppDatabase): Promise<MenuNode[]> {
  const rows = await db
    .select()
    .from(sysPermissions)
    .where(eq(sysPermissions.type, 'menu'))
    .orderBy(asc(sysPermissions.sort), asc(sysPermissions.id));
  const nodes = new Map<number, MenuNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: String(row.id),
      name: row.name,
      path: row.path ?? '',
      icon: row.icon,
      componentPath: row.componentPath,
      permissions: row.code ? [row.code] : [],
      hidden: row.hidden,
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

function findMenu(nodes: MenuNode[], path: string): MenuNode | null {
  for (const node of nodes) {
    if (node.path === path) return node;
    const found = findMenu(node.children, path);
    if (found) return found;
  }
  return null;
}

export async function siteDisplayName(db: AppDatabase): Promise<string> {
  const [site] = await db.select({ displayName: cmsSites.displayName }).from(cmsSites).where(eq(cmsSites.isDefault, true)).limit(1);
  return site?.displayName || SITE_NAME;
}

export async function initData(db: AppDatabase, user: SessionUser): Promise<InitData> {
  const [permissions, menu, icons, appRows, dictRows, displayName] = await Promise.all([
    permissionsOf(db, user.id),
    menuTree(db),
    db.select({ name: sysIcons.name, svgPath: sysIcons.svgPath }).from(sysIcons).orderBy(asc(sysIcons.name)),
    db.select().from(sysApps).orderBy(asc(sysApps.sort), asc(sysApps.appCode)),
    db
      .select({ categoryCode: dictItems.categoryCode, code: dictItems.itemCode, value: dictItems.itemValue })
      .from(dictItems)
      .where(inArray(dictItems.categoryCode, [...APP_DICT_CODES]))
      .orderBy(asc(dictItems.categoryCode), asc(dictItems.sort), asc(dictItems.itemCode)),
    siteDisplayName(db),
  ]);
  const held = new Set(permissions.map((permission) => permission.code));
  const appDicts: InitData['appDicts'] = {};
  for (const { categoryCode, code, value } of dictRows) (appDicts[categoryCode] ??= []).push({ code, value });
  const indexMenu = findMenu(menu, INDEX_MENU_PATH) ?? {
    id: 'index',
    name: '工作台',
    path: INDEX_MENU_PATH,
    icon: 'dashboard',
    componentPath: 'dashboard/ProjectDisplay',
    permissions: [],
    hidden: false,
    children: [],
  };
  return {
    loginUser: toUserInfo(user),
    enterprise: { code: user.enterpriseCode, name: user.enterpriseName },
    icons,
    menu,
    apps: appRows
      .filter((app) => app.menus.length === 0 || app.menus.some((code) => held.has(code)))
      .map((app) => ({ appCode: app.appCode, appName: app.appName, visitUrl: app.visitUrl, icon: app.icon, menus: app.menus })),
    indexMenu,
    appDicts,
    permissions,
    siteDisplayName: displayName,
  };
}
