import { Type, type Static } from 'typebox';
import { defineCall } from './call';
import { EmptyBody, NullableString } from './common';

// The financial service page (docs/architecture.md, "Finance"):
// `/rest/anon/queryFinancialService`, `/rest/anon/queryFinancialProductDetail`.

/** A step of a financing mode's process diagram. */
export const ProcessStep = Type.Object({ title: Type.String(), description: Type.String() });
export type ProcessStep = Static<typeof ProcessStep>;

export const FinanceAdvantage = Type.Object({
  id: Type.Integer(),
  /** `rate` | `speed` | `convenience` | `risk`: which icon the page shows. */
  iconKey: Type.String(),
  title: Type.String(),
  description: Type.String(),
});
export type FinanceAdvantage = Static<typeof FinanceAdvantage>;

export const FinancingMode = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  /** Short introduction shown on hover. */
  intro: Type.String(),
  /** The mode's process diagram, in order. */
  steps: Type.Array(ProcessStep),
});
export type FinancingMode = Static<typeof FinancingMode>;

/** A row of the online financing product table. Percentages are numbers (`3.85` = 3.85 %). */
export const FinancialProduct = Type.Object({
  id: Type.Integer(),
  productName: Type.String(),
  bankName: Type.String(),
  modeCode: NullableString(),
  modeName: NullableString(),
  /** Highest loan amount as a share of the pledged goods' value, %, 2 decimals. */
  maxLoanRatio: Type.Number({ description: '%' }),
  termMonths: Type.Integer({ description: '月' }),
  /** Annual interest rate, %, 2 decimals. */
  annualRate: Type.Number({ description: '%' }),
  summary: Type.String(),
});
export type FinancialProduct = Static<typeof FinancialProduct>;

export const FinancialProductDetail = Type.Intersect([
  FinancialProduct,
  Type.Object({
    target: Type.String(),
    guarantee: Type.String(),
    repayment: Type.String(),
    conditions: Type.Array(Type.String()),
    materials: Type.Array(Type.String()),
  }),
]);
export type FinancialProductDetail = Static<typeof FinancialProductDetail>;

export const FinanceContact = Type.Object({
  id: Type.Integer(),
  /** `office` (an office of the centre) or `bank` (a lending bank). */
  contactType: Type.String(),
  organization: Type.String(),
  contactName: Type.String(),
  phone: Type.String(),
  address: Type.String(),
});
export type FinanceContact = Static<typeof FinanceContact>;

/** `/rest/anon/queryFinancialService` → `dataSet`: everything the page shows. */
export const FinancialService = Type.Object({
  advantages: Type.Array(FinanceAdvantage),
  modes: Type.Array(FinancingMode),
  products: Type.Array(FinancialProduct),
  contacts: Type.Array(FinanceContact),
});
export type FinancialService = Static<typeof FinancialService>;

export const QueryFinancialProductDetailBody = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647, title: '产品编号' }),
});
export type QueryFinancialProductDetailBody = Static<typeof QueryFinancialProductDetailBody>;

/** `/rest/anon/queryFinancialProductDetail` → `dataSet`. */
export const FinancialProductDetailResult = Type.Object({ product: FinancialProductDetail });
export type FinancialProductDetailResult = Static<typeof FinancialProductDetailResult>;

/** The financial service page's public calls (kept per change: the public answer cache). */
export const financeCalls = {
  service: defineCall({
    method: 'POST',
    path: '/rest/anon/queryFinancialService',
    body: EmptyBody,
    answer: FinancialService,
  }),
  productDetail: defineCall({
    method: 'POST',
    path: '/rest/anon/queryFinancialProductDetail',
    body: QueryFinancialProductDetailBody,
    answer: FinancialProductDetailResult,
  }),
};
