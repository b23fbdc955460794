import { definePlugin } from '@cotton/sdk';
import { HomePage } from './pages/home';

export { HomePage };

/**
 * The portal home page. Routes and components must match `plugin.json`
 * (the manifest is built from it; `plugins/plugin-definitions.test.ts` checks they agree).
 */
export default definePlugin({
  id: 'home',
  routes: [{ path: '/home', element: HomePage, public: true, title: '首页' }],
  components: { HomePage },
});
