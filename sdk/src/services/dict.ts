import type { CodeValue } from '../contracts/common';
import type { DictListResult, GetDictListBody } from '../contracts/dict';
import { request } from '../request/client';

export const DICT_LIST_URL = '/rest/dict/getdictlist';

// Dictionaries are fixed for a page's life: one request per category, shared by every
// select on the page. A failed request is forgotten so that the next call retries.
const cache = new Map<string, Promise<CodeValue[]>>();

/** The entries of a dictionary category, fetched once per page. */
export function fetchDictList(categoryCode: string): Promise<CodeValue[]> {
  let promise = cache.get(categoryCode);
  if (!promise) {
    const body: GetDictListBody = { categoryCode };
    promise = request.post<DictListResult>(DICT_LIST_URL, body).then(
      ({ dictList }) => dictList ?? [],
      (error: unknown) => {
        cache.delete(categoryCode);
        throw error;
      },
    );
    cache.set(categoryCode, promise);
  }
  return promise;
}
