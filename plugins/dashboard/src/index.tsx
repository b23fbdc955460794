import { definePlugin } from '@cotton/sdk';
import { ProjectDisplay } from './pages/project-display';

export { ProjectDisplay };

/**
 * The workplace shown after login. No routes of its own: the shell mounts
 * `dashboard/ProjectDisplay` at the server menu's `/project/display` (the index menu).
 * Must match `plugin.json` (checked by plugins/plugin-definitions.test.ts).
 */
export default definePlugin({
  id: 'dashboard',
  routes: [],
  components: { ProjectDisplay },
});
