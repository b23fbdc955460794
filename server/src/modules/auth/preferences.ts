import { DEFAULT_PREFERENCES, normalisePreferences } from '@cotton/sdk/validators';
import type { UserPreferences } from '@cotton/sdk/contracts';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysUserPreferences } from '../../db/schema/index';

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
