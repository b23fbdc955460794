import { and, asc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { financeAdvantages, financeContacts, financingModes, financingProducts } from '../../db/schema/finance';
import { notFound } from '../../http/envelope';
import type { FinancialProductDetailResult, FinancialService } from '@cotton/sdk/contracts';

const productColumns = {
  id: financingProducts.id,
  productName: financingProducts.name,
  bankName: financingProducts.bankName,
  modeCode: financingProducts.modeCode,
  modeName: financingModes.name,
  maxLoanRatio: financingProducts.maxLoanRatio,
  termMonths: financingProducts.termMonths,
  annualRate: financingProducts.annualRate,
  summary: financingProducts.summary,
};

/** Everything the page shows, in one answer: advantages, enabled modes and products, contacts (offices first). */
export async function queryFinancialService(db: AppDatabase): Promise<FinancialService> {
  const [advantages, modes, products, contacts] = await Promise.all([
    db
      .select({
        id: financeAdvantages.id,
        iconKey: financeAdvantages.iconKey,
        title: financeAdvantages.title,
        description: financeAdvantages.description,
      })
      .from(financeAdvantages)
      .orderBy(asc(financeAdvantages.sort), asc(financeAdvantages.id)),
    db
      .select({
        id: financingModes.id,
        code: financingModes.code,
        name: financingModes.name,
        intro: financingModes.intro,
        steps: financingModes.steps,
      })
      .from(financingModes)
      .where(eq(financingModes.enabled, true))
      .orderBy(asc(financingModes.sort), asc(financingModes.id)),
    db
      .select(productColumns)
      .from(financingProducts)
      .leftJoin(financingModes, eq(financingModes.code, financingProducts.modeCode))
      .where(eq(financingProducts.enabled, true))
      .orderBy(asc(financingProducts.sort), asc(financingProducts.id)),
    db
      .select({
        id: financeContacts.id,
        contactType: financeContacts.contactType,
        organization: financeContacts.organization,
        contactName: financeContacts.contactName,
        phone: financeContacts.phone,
        address: financeContacts.address,
      })
      .from(financeContacts)
      .orderBy(asc(financeContacts.contactType), asc(financeContacts.sort), asc(financeContacts.id)),
  ]);
  // `bank` sorts before `office`; the table lists the centre's offices first.
  const ordered = [
    ...contacts.filter((c) => c.contactType === 'office'),
    ...contacts.filter((c) => c.contactType !== 'office'),
  ];
  return { advantages, modes, products, contacts: ordered };
}

/** One enabled product with its detail texts; `404` for an unknown or withdrawn product. */
export async function queryFinancialProductDetail(db: AppDatabase, id: number): Promise<FinancialProductDetailResult> {
  const [row] = await db
    .select({
      ...productColumns,
      target: financingProducts.target,
      guarantee: financingProducts.guarantee,
      repayment: financingProducts.repayment,
      conditions: financingProducts.conditions,
      materials: financingProducts.materials,
    })
    .from(financingProducts)
    .leftJoin(financingModes, eq(financingModes.code, financingProducts.modeCode))
    .where(and(eq(financingProducts.id, id), eq(financingProducts.enabled, true)))
    .limit(1);
  if (!row) throw notFound(`融资产品不存在：${id}`);
  return { product: row };
}
