import { useQuery } from '@cotton/sdk';
import type { RegisterApplyDetail } from '@cotton/sdk/contracts';
import type { ApiError } from '@cotton/sdk';
import { queryRegisterApplyDetail } from '../../../api';

export interface ApplyDetailState {
  /** The application `id` names; null while it loads (never another application's). */
  detail: RegisterApplyDetail | null;
  loading: boolean;
  error: ApiError | null;
  /** Loads it again (after a decision, or 刷新). */
  reload: () => void;
}

/**
 * The detail of the application `id` (null: nothing to load), shown by the drawer. Each
 * `opening` loads it afresh — its status may have moved, and its preview addresses last ten
 * minutes — and shows nothing older meanwhile.
 */
export function useApplyDetail(id: string | null, opening: number): ApplyDetailState {
  const { data, loading, error, reload } = useQuery(
    () => (id ? queryRegisterApplyDetail(id).then((detail) => ({ id, opening, detail })) : Promise.resolve(null)),
    [id, opening],
    { silent: true },
  );
  // useQuery keeps the last answer while the next loads: never show another application, or
  // the one of an earlier opening (a reload after a decision keeps what is shown).
  const detail = data && data.id === id && data.opening === opening ? data.detail : null;
  return { detail, loading, error, reload };
}
