import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysLoginAgreements } from '../../db/schema/index';

export const DEFAULT_AGREEMENT_CODE = 'portal';

export async function getLoginAgreement(db: AppDatabase) {
  const [row] = await db
    .select({
      title: sysLoginAgreements.title,
      content: sysLoginAgreements.content,
      displayName: sysLoginAgreements.displayName,
    })
    .from(sysLoginAgreements)
    .where(and(eq(sysLoginAgreements.customCode, DEFAULT_AGREEMENT_CODE), eq(sysLoginAgreements.enabled, true)))
    .limit(1);
  return row ?? null;
}

/**
 * When the login agreement must be ticked (flag '1', spec §4), a login without the tick is
 * refused as the login page refuses it: the message 请勾选<displayName>, else `null`.
 * (Flag '2' is ticked for the user and cannot be unticked; '0' leaves it to them.)
 */
export async function agreementRefusal(db: AppDatabase, agreed: boolean): Promise<string | null> {
  if (agreed) return null;
  const [{ checked }, agreement] = await Promise.all([requireCheckedAgreement(db, undefined), getLoginAgreement(db)]);
  return checked === '1' && agreement ? `请勾选${agreement.displayName}` : null;
}

export async function requireCheckedAgreement(
  db: AppDatabase,
  customCode: string | undefined,
): Promise<{ checked: '0' | '1' | '2' }> {
  const code = customCode?.trim() || DEFAULT_AGREEMENT_CODE;
  const [row] = await db
    .select({ checked: sysLoginAgreements.checked })
    .from(sysLoginAgreements)
    .where(and(eq(sysLoginAgreements.customCode, code), eq(sysLoginAgreements.enabled, true)))
    .limit(1);
  const checked = row?.checked;
  return { checked: checked === '1' || checked === '2' ? checked : '0' };
}
