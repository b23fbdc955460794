/** CSS modules (hashed class names), compiled by the shell's Vite build and by Vitest. */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
