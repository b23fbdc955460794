import { useQuery } from '@cotton/sdk';
import type { CodeValue } from '@cotton/sdk';
import { getOfficeGroups } from '../../../api';

/** How long the office list is kept (spec §9: 300000 ms). */
export const OFFICE_CACHE_MS = 300_000;

/** 青岛办事处 takes no registrations (spec §7): not offered. */
export const EXCLUDED_OFFICE_CODE = 'QD';

let cached: { at: number; promise: Promise<CodeValue[]> } | null = null;

/** The offices an applicant may choose: the `office` region groups without 青岛, in reverse order; kept 5 minutes. */
export function loadOffices(now: number = Date.now()): Promise<CodeValue[]> {
  if (cached && now - cached.at < OFFICE_CACHE_MS) return cached.promise;
  const promise = getOfficeGroups().then(
    (groups) => groups.filter((office) => office.code !== EXCLUDED_OFFICE_CODE).reverse(),
    (error: unknown) => {
      cached = null;
      throw error;
    },
  );
  cached = { at: now, promise };
  return promise;
}

/** Forgets the kept list (tests). */
export function forgetOffices(): void {
  cached = null;
}

export function useOffices(): { offices: CodeValue[]; loading: boolean } {
  const { data, loading } = useQuery(() => loadOffices(), []);
  return { offices: data ?? [], loading };
}
