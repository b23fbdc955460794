/** CSS modules: the plugin build hashes the class names (`<plugin-id>_<local>_<hash>`). */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
