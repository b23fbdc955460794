import { trimmed } from '@cotton/sdk/validators';
import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { sysUsers } from '../../db/schema/index';
import { escapeLike } from '../../lib/list/index';
import { parseIdList } from '../shared/id-list';
import { userScope } from './realm';

/**
 * 用户管理's user options: `getAllUser`, the enabled users whose login name or name holds a
 * keyword, and `getUserIdsUser`, the users of the given ids — both within the caller's data
 * scope on 用户管理, at most `MAX_OPTIONS`.
 */

const MAX_OPTIONS = 1000;

async function userOptions(db: AppDatabase, where: SQL | undefined) {
  const users = await db
    .select({ id: sysUsers.id, loginName: sysUsers.loginName, realname: sysUsers.realname })
    .from(sysUsers)
    .where(where)
    .orderBy(asc(sysUsers.loginName), asc(sysUsers.id))
    .limit(MAX_OPTIONS);
  return { users: users.map((user) => ({ ...user, id: String(user.id) })) };
}

export async function allUsers(db: AppDatabase, request: FastifyRequest, keyword: string | undefined) {
  const { where } = await userScope(db, request);
  const text = trimmed(keyword);
  const pattern = `%${escapeLike(text)}%`;
  return userOptions(
    db,
    and(
      where,
      eq(sysUsers.status, '1'),
      text === '' ? undefined : or(ilike(sysUsers.loginName, pattern), ilike(sysUsers.realname, pattern)),
    ),
  );
}

export async function usersByIds(db: AppDatabase, request: FastifyRequest, ids: string) {
  const { where } = await userScope(db, request);
  return userOptions(db, and(where, inArray(sysUsers.id, parseIdList(ids, '用户编号'))));
}
