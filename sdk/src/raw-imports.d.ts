/** Vite's `?raw` imports, used by tests that check source files. */
declare module '*?raw' {
  const source: string;
  export default source;
}

/** Vite's `import.meta.glob`, as the tests use it (eager, one named import per file). */
interface ImportMeta {
  glob<T = unknown>(
    patterns: string | string[],
    options: { eager: true; query?: string; import?: string },
  ): Record<string, T>;
}
