import { definePlugin } from '@cotton/sdk';
import { lazyPage } from '@cotton/sdk';
import { RegisterPage } from './pages/register';

// 企业注册's first step is what the header's 注册 opens: the other pages (with the form,
// the slider, the status table) are chunks of their own, loaded when shown (issue 30).
const RegisterStatusPage = lazyPage(
  () => import('./pages/status').then((module) => module.RegisterStatusPage),
  'RegisterStatusPage',
);
const AgreementPage = lazyPage(
  () => import('./pages/agreement').then((module) => module.AgreementPage),
  'AgreementPage',
);
const EnterpriseChange = lazyPage(
  () => import('./pages/enterprise-change').then((module) => module.EnterpriseChange),
  'EnterpriseChange',
);

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
