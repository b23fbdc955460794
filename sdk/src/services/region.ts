import { regionCalls } from '../calls';
import type { GetRegionsBody, Region } from '../contracts/region';
import { request } from '../request/client';

/** The country: the parent of the provinces (spec: default region code 100000). */
export const ROOT_REGION_CODE = '100000';

/**
 * How long fetched children are reused, ms: cascaders mounted together share one request,
 * while a region disabled in 区域管理 leaves the next cascader opened a few seconds later.
 */
export const REGIONS_FRESH_MS = 5_000;

// `loaded` keeps the last answer for building options synchronously, even once stale; a
// failed request is forgotten so that the next call retries.
const pending = new Map<string, { at: number; promise: Promise<Region[]> }>();
const loaded = new Map<string, Region[]>();

/** The enabled direct children of `code`. */
export function fetchRegions(code: string = ROOT_REGION_CODE): Promise<Region[]> {
  const kept = pending.get(code);
  if (kept && Date.now() - kept.at < REGIONS_FRESH_MS) return kept.promise;
  const body: GetRegionsBody = { code };
  const promise = request.call(regionCalls.children, body).then(
    ({ regions }) => {
      const list = regions ?? [];
      loaded.set(code, list);
      return list;
    },
    (error: unknown) => {
      if (pending.get(code)?.promise === promise) pending.delete(code);
      throw error;
    },
  );
  pending.set(code, { at: Date.now(), promise });
  return promise;
}

/** The children of `code` if they have been fetched already, else `undefined`. */
export function loadedRegions(code: string): Region[] | undefined {
  return loaded.get(code);
}

/** Whether the children of `code` are missing or older than {@link REGIONS_FRESH_MS}. */
export function regionsStale(code: string): boolean {
  const kept = pending.get(code);
  return !loaded.has(code) || !kept || Date.now() - kept.at >= REGIONS_FRESH_MS;
}
