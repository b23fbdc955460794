// The sdk test project runs in jsdom (its setup file needs `window`), whose `Uint8Array` is
// not Node's; esbuild refuses to load then. The build tools only need Node's.
import { Buffer } from 'node:buffer';

/** @returns {Promise<typeof import('./index.mjs')>} */
export async function loadBuildTools() {
  const NodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor;
  if (globalThis.Uint8Array !== NodeUint8Array) globalThis.Uint8Array = NodeUint8Array;
  return import('./index.mjs');
}
