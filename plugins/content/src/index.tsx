import { definePlugin } from '@cotton/sdk';
import { AboutPage } from './pages/about';
import { SearchPage } from './pages/search';
import { ServicePage } from './pages/service';

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
