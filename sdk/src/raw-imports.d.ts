/** Vite's `?raw` imports, used by tests that check source files. */
declare module '*?raw' {
  const source: string;
  export default source;
}
