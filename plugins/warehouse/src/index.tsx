import { definePlugin } from '@cotton/sdk';
import { LazyWarehouseDetail as WarehouseDetail } from './pages/warehouse-detail/lazy';
import { WarehouseList } from './pages/warehouse-list';

export { WarehouseDetail, WarehouseList };

/**
 * Public warehouse list and detail. Routes and components must match `plugin.json`
 * (the manifest is built from it; `plugins/plugin-definitions.test.ts` checks they agree).
 */
export default definePlugin({
  id: 'warehouse',
  routes: [{ path: '/warehouse', element: WarehouseList, public: true, title: '仓库查询' }],
  components: { WarehouseList, WarehouseDetail },
});
