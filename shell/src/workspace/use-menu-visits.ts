import { request } from '@cotton/sdk';
import { menuViewCalls } from '@cotton/sdk/calls';
import { useEffect } from 'react';

/**
 * Tells the server each menu page the user opens — a new page, or a tab brought back — for
 * the workbench's 最近访问 and 常用功能 (docs/auth.md "Menu visits"). Nothing is shown when it
 * fails: the page itself is what the user asked for.
 */
export function useMenuVisits(activePath: string | null): void {
  useEffect(() => {
    if (!activePath) return;
    request.call(menuViewCalls.add, { path: activePath }).catch(() => undefined);
  }, [activePath]);
}
