/** SystemJS's browser builds: scripts that assign `self.System` and export nothing. */
declare module 'systemjs/dist/system.js';
declare module 'systemjs/dist/system.min.js';
