import { request } from '@cotton/sdk';
import { regionCalls } from '@cotton/sdk/calls';
import type { GetRegionsBody, Region } from '@cotton/sdk/contracts';

/** The country's code: its children are the provinces (spec §9: default region code 100000). */
const COUNTRY = '100000';

/** How long the provinces are reused, ms (as the SDK's region cascaders): a province disabled in 区域管理 leaves the filter on the next visit. */
const FRESH_MS = 5_000;

let provinces: { at: number; promise: Promise<Region[]> } | null = null;

/**
 * The enabled provinces (/rest/region/getregions), for the list's province filter: one request
 * shared by the mounts of {@link FRESH_MS}; a failure is forgotten so that the next mount retries.
 */
export function fetchProvinces(): Promise<Region[]> {
  if (!provinces || Date.now() - provinces.at >= FRESH_MS) {
    const body: GetRegionsBody = { code: COUNTRY };
    const promise = request.call(regionCalls.children, body).then(
      ({ regions }) => regions ?? [],
      (error: unknown) => {
        if (provinces?.promise === promise) provinces = null;
        throw error;
      },
    );
    provinces = { at: Date.now(), promise };
  }
  return provinces.promise;
}

/** For tests: forget the kept provinces. */
export function resetProvinces(): void {
  provinces = null;
}
