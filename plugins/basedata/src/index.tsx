import { definePlugin } from '@cotton/sdk';
import { BankList } from './pages/bank-list';
import { DictList } from './pages/dict-list';
import { RegionList } from './pages/region-list';

export { BankList, DictList, RegionList };

/**
 * Base data of the back office. No routes of its own: the shell mounts `basedata/DictList`
 * at the server menu's `/system/dict` (系统管理 › 数据字典), `basedata/RegionList` at
 * `/system/region` (区域管理) and `basedata/BankList` at `/system/bank` (银行管理).
 * Must match `plugin.json` (checked by plugins/plugin-definitions.test.ts).
 */
export default definePlugin({
  id: 'basedata',
  routes: [],
  components: { DictList, RegionList, BankList },
});
