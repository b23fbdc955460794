/** The types of zip-bomb.mjs for the server's TypeScript tests (the benchmark reads its JSDoc). */
export function zipBomb(bomb: { name: string; megabytes: number; declaredBytes: number }): Buffer<ArrayBuffer>;
