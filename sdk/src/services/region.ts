import type { GetRegionsBody, Region, RegionsResult } from '../contracts/region';
import { request } from '../request/client';

/** The country: the parent of the provinces (spec: default region code 100000). */
export const ROOT_REGION_CODE = '100000';

export const REGIONS_URL = '/rest/region/getregions';

// Regions do not change during a page's life: one request per parent code, shared by every
// cascader on the page. A failed request is forgotten so that the next call retries.
const pending = new Map<string, Promise<Region[]>>();
const loaded = new Map<string, Region[]>();

/** The direct children of `code`. */
export function fetchRegions(code: string = ROOT_REGION_CODE): Promise<Region[]> {
  let promise = pending.get(code);
  if (!promise) {
    const body: GetRegionsBody = { code };
    promise = request.post<RegionsResult>(REGIONS_URL, body).then(
      ({ regions }) => {
        const list = regions ?? [];
        loaded.set(code, list);
        return list;
      },
      (error: unknown) => {
        pending.delete(code);
        throw error;
      },
    );
    pending.set(code, promise);
  }
  return promise;
}

/** The children of `code` if they have been fetched already, else `undefined`. */
export function loadedRegions(code: string): Region[] | undefined {
  return loaded.get(code);
}
