import { definePlugin } from '@cotton/sdk';
import { __COMPONENT__ } from './list-page';

export { __COMPONENT__ };

/**
 * What the portal can mount from this plugin. A back-office page is a component that a menu
 * names by its componentPath, `__ID__/__COMPONENT__`; public pages would be `routes`.
 * Must say what plugin.json says: `cotton-plugin build` fails otherwise.
 */
export default definePlugin({
  id: '__ID__',
  routes: [],
  components: { __COMPONENT__ },
});
