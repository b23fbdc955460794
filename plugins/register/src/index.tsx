import { definePlugin } from '@cotton/sdk';
import { AgreementPage } from './pages/agreement';
import { EnterpriseChange } from './pages/enterprise-change';
import { RegisterPage } from './pages/register';
import { RegisterStatusPage } from './pages/status';

export { AgreementPage, EnterpriseChange, RegisterPage, RegisterStatusPage };

/**
 * Enterprise registration, and the same form as an approved enterprise's change request
 * (`EnterpriseChange`, a back-office menu page). Routes and components must match `plugin.json`
 * (the manifest is built from it; `plugins/plugin-definitions.test.ts` checks they agree).
 */
export default definePlugin({
  id: 'register',
  routes: [
    { path: '/register', element: RegisterPage, public: true, title: '企业注册' },
    { path: '/register/status', element: RegisterStatusPage, public: true, title: '注册进度查询' },
    { path: '/register/agreement/:code', element: AgreementPage, public: true, title: '注册协议' },
  ],
  components: { RegisterPage, AgreementPage, RegisterStatusPage, EnterpriseChange },
});
