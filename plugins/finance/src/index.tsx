import { definePlugin } from '@cotton/sdk';
import { FinancialService } from './pages/financial-service';

export { FinancialService };

/**
 * The public financial service page. Routes and components must match `plugin.json`
 * (the manifest is built from it; `plugins/plugin-definitions.test.ts` checks they agree).
 */
export default definePlugin({
  id: 'finance',
  routes: [{ path: '/financialService', element: FinancialService, public: true, title: '金融服务' }],
  components: { FinancialService },
});
