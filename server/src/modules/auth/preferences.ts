import { checkPreferences, DEFAULT_PREFERENCES, normalisePreferences, themeColorOf } from '@cotton/sdk/validators';
import type { UserPreferences } from '@cotton/sdk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { sysUserPreferences } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { recordAudit } from '../shared/audit';
import { guardUsers } from '../ceiling/guard';
import { authOf } from './authenticate';

/** The user's layout and theme (docs/architecture.md "Theme and layout"); the defaults without a row. */
export async function preferencesOf(db: Pick<AppDatabase, 'select'>, userId: number): Promise<UserPreferences> {
  const [row] = await db
    .select({
      menuLayout: sysUserPreferences.menuLayout,
      theme: sysUserPreferences.theme,
      primaryColor: sysUserPreferences.primaryColor,
    })
    .from(sysUserPreferences)
    .where(eq(sysUserPreferences.userId, userId))
    .limit(1);
  return row ? normalisePreferences(row) : { ...DEFAULT_PREFERENCES };
}

/**
 * Saves the user's layout and theme (`504` with the rule's message for a value outside the
 * choices), with an audit row of the change; the caller's own only (the ceiling guard's
 * `self` writes).
 */
export async function savePreferences(
  db: AppDatabase,
  request: Pick<FastifyRequest, 'auth' | 'ip'>,
  userId: number,
  wanted: UserPreferences,
): Promise<UserPreferences> {
  const problem = checkPreferences(wanted);
  if (problem) throw new ApiError('504', problem);
  const next: UserPreferences = {
    menuLayout: wanted.menuLayout,
    theme: wanted.theme,
    primaryColor: themeColorOf(wanted.primaryColor)!.value,
  };
  const auth = authOf(request);
  await db.transaction(async (tx) => {
    await guardUsers(tx, auth, [userId], 'self');
    const before = await preferencesOf(tx, userId);
    await tx
      .insert(sysUserPreferences)
      .values({ userId, ...next, updatedAt: new Date() })
      .onConflictDoUpdate({ target: sysUserPreferences.userId, set: { ...next, updatedAt: new Date() } });
    await recordAudit(tx, request, {
      action: 'user.preferences',
      entity: 'user',
      entityId: userId,
      before: { ...before },
      after: { ...next },
    });
  });
  return next;
}
