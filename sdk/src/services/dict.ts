import { dictCalls } from '../calls';
import type { CodeValue } from '../contracts/common';
import type { GetDictListBody } from '../contracts/dict';
import { request } from '../request/client';

/**
 * How long a fetched list is reused, ms. Selects mounted together share one request, while a
 * change made in 数据字典 reaches the next select mounted a few seconds later (the server
 * answers from its own cache, dropped on every change).
 */
export const DICT_FRESH_MS = 5_000;

// A failed request is forgotten so that the next call retries.
const cache = new Map<string, { at: number; promise: Promise<CodeValue[]> }>();

/** The enabled entries of a dictionary category; one request per category every few seconds. */
export function fetchDictList(categoryCode: string): Promise<CodeValue[]> {
  const kept = cache.get(categoryCode);
  if (kept && Date.now() - kept.at < DICT_FRESH_MS) return kept.promise;
  const body: GetDictListBody = { categoryCode };
  const promise = request.call(dictCalls.list, body).then(
    ({ dictList }) => dictList ?? [],
    (error: unknown) => {
      if (cache.get(categoryCode)?.promise === promise) cache.delete(categoryCode);
      throw error;
    },
  );
  cache.set(categoryCode, { at: Date.now(), promise });
  return promise;
}
