import { definePlugin } from '@cotton/sdk';
import { lazyPage } from '@cotton/sdk';

// Each page is a chunk of its own, loaded when shown: opening 关于我们 does not run the
// complaint form's or the search's components (issue 30).
const ServicePage = lazyPage(() => import('./pages/service').then((module) => module.ServicePage), 'ServicePage');
const AboutPage = lazyPage(() => import('./pages/about').then((module) => module.AboutPage), 'AboutPage');
const SearchPage = lazyPage(() => import('./pages/search').then((module) => module.SearchPage), 'SearchPage');

export { AboutPage, SearchPage, ServicePage };

/**
 * Content pages fed by content management. Routes and components must match `plugin.json`
 * (the manifest is built from it; `plugins/plugin-definitions.test.ts` checks they agree).
 */
export default definePlugin({
  id: 'content',
  routes: [
    { path: '/service', element: ServicePage, public: true, title: '服务中心' },
    { path: '/about', element: AboutPage, public: true, title: '关于我们' },
    { path: '/search', element: SearchPage, public: true, title: '站内搜索' },
  ],
  components: { ServicePage, AboutPage, SearchPage },
});
