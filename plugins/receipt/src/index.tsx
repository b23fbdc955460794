import { definePlugin } from '@cotton/sdk';
import { BatchQuality } from './pages/batch-quality';
import { ReceiptDetail } from './pages/bid-detail';
import { ReceiptList } from './pages/bid-list';

export { BatchQuality, ReceiptDetail, ReceiptList };

/**
 * Warehouse receipts and batch quality. Routes and components must match `plugin.json`
 * (the manifest is built from it; `plugins/plugin-definitions.test.ts` checks they agree).
 */
export default definePlugin({
  id: 'receipt',
  routes: [
    { path: '/bid', element: ReceiptList, public: true, title: '仓单查询' },
    { path: '/bid/detail', element: ReceiptDetail, public: true, title: '仓单详情' },
    { path: '/batchQuality', element: BatchQuality, public: true, title: '批次质量' },
  ],
  components: { ReceiptList, ReceiptDetail, BatchQuality },
});
