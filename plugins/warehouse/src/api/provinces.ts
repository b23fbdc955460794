import { request } from '@cotton/sdk';
import { regionCalls } from '@cotton/sdk/calls';
import type { GetRegionsBody, Region } from '@cotton/sdk/contracts';

/** The country's code: its children are the provinces (spec §9: default region code 100000). */
const COUNTRY = '100000';

let provinces: Promise<Region[]> | null = null;

/**
 * The enabled provinces (/rest/region/getregions), for the list's province filter: one request
 * per page life, shared by every mount; a failure is forgotten so that the next mount retries.
 */
export function fetchProvinces(): Promise<Region[]> {
  if (!provinces) {
    const body: GetRegionsBody = { code: COUNTRY };
    provinces = request.call(regionCalls.children, body).then(
      ({ regions }) => regions ?? [],
      (error: unknown) => {
        provinces = null;
        throw error;
      },
    );
  }
  return provinces;
}

/** For tests: forget the kept provinces. */
export function resetProvinces(): void {
  provinces = null;
}
