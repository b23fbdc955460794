import { request } from '@cotton/sdk';
import { financeCalls } from '@cotton/sdk/calls';
import type {
  FinancialProductDetailResult,
  FinancialService,
  QueryFinancialProductDetailBody,
} from '@cotton/sdk/contracts';

// The financial service calls of `@cotton/sdk/calls` (sdk/src/contracts/finance.ts).
// Percentages are numbers (`3.85` = 3.85 %).

/** Everything the page shows, in one call. */
export function queryFinancialService(): Promise<FinancialService> {
  return request.call(financeCalls.service, {});
}

/** One product's detail; rejects with `ApiError` code '404' for an unknown or withdrawn product. */
export function queryFinancialProductDetail(id: number): Promise<FinancialProductDetailResult> {
  const body: QueryFinancialProductDetailBody = { id };
  return request.call(financeCalls.productDetail, body);
}
