import { enterpriseUserCodes, userAdminCodes } from '@cotton/sdk/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { authOf } from '../auth/authenticate';
import { dataScopeOf, userScopeCondition } from '../data-scope/scope';

/**
 * Whose accounts a user-admin call manages, and with which codes. The centre's 系统管理 ›
 * 用户管理 and each enterprise's 企业管理 › 用户管理 are the same service: the caller's own
 * enterprise, the data scope of the realm's list, the same ceiling. An enterprise's
 * administrator gives only the roles the centre marks grantable to enterprises, and its
 * accounts have no organisation or post (those are the centre's).
 */
export interface UserRealm {
  list: string;
  add: string;
  edit: string;
  delete: string;
  roles: 'all' | 'enterprise';
  orgsAndPosts: boolean;
}

export const CENTRE_USERS: UserRealm = {
  list: userAdminCodes.list,
  add: userAdminCodes.add,
  edit: userAdminCodes.edit,
  delete: userAdminCodes.delete,
  roles: 'all',
  orgsAndPosts: true,
};

export const ENTERPRISE_USERS: UserRealm = {
  list: enterpriseUserCodes.list,
  add: enterpriseUserCodes.add,
  edit: enterpriseUserCodes.edit,
  delete: enterpriseUserCodes.delete,
  roles: 'enterprise',
  orgsAndPosts: false,
};

/** The caller's data scope on 用户管理 (the rules of their roles) and the users it lets them see. */
export async function userScope(db: Pick<AppDatabase, 'select'>, request: FastifyRequest, realm = CENTRE_USERS) {
  const auth = authOf(request);
  const scope = await dataScopeOf(db, auth.user, realm.list);
  return { auth, scope, where: userScopeCondition(scope, auth.user) };
}
