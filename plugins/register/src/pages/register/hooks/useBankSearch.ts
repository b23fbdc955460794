import { useCallback, useEffect, useRef, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { toApiError } from '@cotton/sdk';
import type { CodeValue } from '@cotton/sdk';
import { queryBanks } from '../../../api';

/** Typing pauses this long before the banks are searched (spec §9: 500 ms). */
export const BANK_SEARCH_DEBOUNCE_MS = 500;

/**
 * The banks whose name contains what the user typed, searched 500 ms after the last key;
 * only the latest search's answer is kept.
 */
export function useBankSearch(): { banks: CodeValue[]; loading: boolean; search: (keyWord: string) => void } {
  const [banks, setBanks] = useState<CodeValue[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(0);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      latest.current += 1;
    },
    [],
  );

  const search = useCallback((keyWord: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      const call = ++latest.current;
      setLoading(true);
      queryBanks(keyWord.trim()).then(
        (found) => {
          if (call !== latest.current) return;
          setBanks(found);
          setLoading(false);
        },
        (thrown: unknown) => {
          if (call !== latest.current) return;
          setLoading(false);
          const error = toApiError(thrown);
          if (!error.handled) Message.error(error.message);
        },
      );
    }, BANK_SEARCH_DEBOUNCE_MS);
  }, []);

  return { banks, loading, search };
}
