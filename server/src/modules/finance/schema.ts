import { Envelope, FinancialProductDetailResult, FinancialService } from '@cotton/sdk/contracts';

// The financial service calls: the wire contracts (sdk/src/contracts/finance.ts).
export {
  FinancialProduct,
  FinancialProductDetail,
  FinancialProductDetailResult,
  FinancialService,
  QueryFinancialProductDetailBody,
} from '@cotton/sdk/contracts';

export const FinancialServiceResponse = Envelope(FinancialService);
export const FinancialProductDetailResponse = Envelope(FinancialProductDetailResult);
