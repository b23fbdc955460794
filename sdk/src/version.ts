/** Semver of the plugin contract. A plugin built for another major is refused by the shell. */
export const SDK_VERSION = '1.0.0';
