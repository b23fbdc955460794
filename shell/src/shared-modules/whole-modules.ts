import type { WholeModuleTable } from './register';

/**
 * The shell's copy of every whole shared module. Dynamic imports of the very modules the
 * shell itself uses: Vite keeps one instance of each, so a plugin's React is the shell's
 * React. Modules the shell does not use itself (mobx) are fetched only when a plugin asks.
 */
export const wholeModules: WholeModuleTable = {
  react: () => import('react'),
  'react/jsx-runtime': () => import('react/jsx-runtime'),
  'react-dom': () => import('react-dom'),
  'react-dom/client': () => import('react-dom/client'),
  'react-router-dom': () => import('./react-router-dom'),
  mobx: () => import('mobx'),
  'mobx-react-lite': () => import('mobx-react-lite'),
};
