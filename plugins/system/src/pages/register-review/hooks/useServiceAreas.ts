import { useEffect, useState } from 'react';
import { toApiError } from '@cotton/sdk';
import type { CodeValue } from '@cotton/sdk';
import { queryServiceAreas } from '../../../api';
import { FIXED_SERVICE_AREAS } from '../fields';

/**
 * The offices of the 所属服务区域 filter: the server's `office` groups (without 青岛); the
 * fixed five when the call fails or answers none, so the filter always works. `null` until
 * known (the list's search form is drawn once, with its options).
 */
export function useServiceAreas(): readonly CodeValue[] | null {
  const [areas, setAreas] = useState<readonly CodeValue[] | null>(null);

  useEffect(() => {
    let live = true;
    queryServiceAreas().then(
      (offices) => {
        if (live) setAreas(offices.length > 0 ? offices : FIXED_SERVICE_AREAS);
      },
      (failure: unknown) => {
        // Not worth a message: the fixed list filters the same applications.
        void toApiError(failure);
        if (live) setAreas(FIXED_SERVICE_AREAS);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  return areas;
}
