import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../src/db/client';
import { sysEnterprises, sysUsers } from '../src/db/schema/index';

/**
 * The user `loginName` of enterprise `enterpriseCode` (created when the seed does not
 * have it), for the login-path tests (phone, CAS, third party).
 */
export async function ensureUser(
  db: AppDatabase,
  user: { enterpriseCode: string; loginName: string; phone?: string | null; realname?: string },
): Promise<{ id: number; enterpriseId: number }> {
  await db
    .insert(sysEnterprises)
    .values({ code: user.enterpriseCode, name: `${user.enterpriseCode} 测试企业` })
    .onConflictDoNothing({ target: sysEnterprises.code });
  const [enterprise] = await db
    .select({ id: sysEnterprises.id })
    .from(sysEnterprises)
    .where(eq(sysEnterprises.code, user.enterpriseCode));
  const existing = await db
    .select({ id: sysUsers.id })
    .from(sysUsers)
    .where(and(eq(sysUsers.enterpriseId, enterprise.id), sql`lower(${sysUsers.loginName}) = lower(${user.loginName})`));
  if (existing[0]) return { id: existing[0].id, enterpriseId: enterprise.id };
  const [created] = await db
    .insert(sysUsers)
    .values({
      enterpriseId: enterprise.id,
      loginName: user.loginName,
      realname: user.realname ?? user.loginName,
      passwordHash: 'scrypt$16384$8$1$AAAA$AAAA',
      phone: user.phone ?? null,
    })
    .returning({ id: sysUsers.id });
  return { id: created.id, enterpriseId: enterprise.id };
}

/** Seeded demo users (docs/auth.md): admin of CNCE has mobile 13800000001. */
export const ADMIN = { enterpriseCode: 'CNCE', loginName: 'admin', phone: '13800000001' } as const;
export const REVIEWER = { enterpriseCode: 'CNCE', loginName: 'reviewer', phone: '13800000002' } as const;
