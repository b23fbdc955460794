import { request } from '@cotton/sdk';
import type { FinancialProductDetailResult, FinancialService, QueryFinancialProductDetailBody } from '@cotton/sdk';

// The financial service calls; the shapes are the wire contracts of `@cotton/sdk`
// (sdk/src/contracts/finance.ts). Percentages are numbers (`3.85` = 3.85 %).

export const FINANCIAL_SERVICE_URL = '/rest/anon/queryFinancialService';
export const PRODUCT_DETAIL_URL = '/rest/anon/queryFinancialProductDetail';

/** Everything the page shows, in one call. */
export function queryFinancialService(): Promise<FinancialService> {
  return request.post<FinancialService>(FINANCIAL_SERVICE_URL, {});
}

/** One product's detail; rejects with `ApiError` code '404' for an unknown or withdrawn product. */
export function queryFinancialProductDetail(id: number): Promise<FinancialProductDetailResult> {
  const body: QueryFinancialProductDetailBody = { id };
  return request.post<FinancialProductDetailResult>(PRODUCT_DETAIL_URL, body);
}
