import { request } from '../request/client';

/** One dictionary entry: `code` is stored, `value` is shown. */
export interface DictItem {
  code: string;
  value: string;
}

export const DICT_LIST_URL = '/rest/dict/getdictlist';

// Dictionaries are fixed for a page's life: one request per category, shared by every
// select on the page. A failed request is forgotten so that the next call retries.
const cache = new Map<string, Promise<DictItem[]>>();

/** The entries of a dictionary category, fetched once per page. */
export function fetchDictList(categoryCode: string): Promise<DictItem[]> {
  let promise = cache.get(categoryCode);
  if (!promise) {
    promise = request.post<{ dictList: DictItem[] }>(DICT_LIST_URL, { categoryCode }).then(
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
