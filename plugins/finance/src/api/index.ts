import { request } from '@cotton/sdk';

/** One advantage blurb; `iconKey` is `rate`, `speed`, `convenience` or `risk`. */
export interface FinanceAdvantage {
  id: number;
  iconKey: string;
  title: string;
  description: string;
}

export interface ProcessStep {
  title: string;
  description: string;
}

export interface FinancingMode {
  id: number;
  code: string;
  name: string;
  /** Short introduction shown on hover. */
  intro: string;
  steps: ProcessStep[];
}

/** A row of the online financing product table. Percentages are numbers (`3.85` = 3.85 %). */
export interface FinancialProduct {
  id: number;
  productName: string;
  bankName: string;
  modeCode: string | null;
  modeName: string | null;
  maxLoanRatio: number;
  termMonths: number;
  annualRate: number;
  summary: string;
}

export interface FinancialProductDetail extends FinancialProduct {
  target: string;
  guarantee: string;
  repayment: string;
  conditions: string[];
  materials: string[];
}

export interface FinanceContact {
  id: number;
  /** `office` (an office of the centre) or `bank` (a lending bank). */
  contactType: string;
  organization: string;
  contactName: string;
  phone: string;
  address: string;
}

export interface FinancialServiceResult {
  advantages: FinanceAdvantage[];
  modes: FinancingMode[];
  products: FinancialProduct[];
  contacts: FinanceContact[];
}

export const FINANCIAL_SERVICE_URL = '/rest/anon/queryFinancialService';
export const PRODUCT_DETAIL_URL = '/rest/anon/queryFinancialProductDetail';

/** Everything the page shows, in one call. */
export function queryFinancialService(): Promise<FinancialServiceResult> {
  return request.post<FinancialServiceResult>(FINANCIAL_SERVICE_URL, {});
}

/** One product's detail; rejects with `ApiError` code '404' for an unknown or withdrawn product. */
export function queryFinancialProductDetail(id: number): Promise<{ product: FinancialProductDetail }> {
  return request.post<{ product: FinancialProductDetail }>(PRODUCT_DETAIL_URL, { id });
}
