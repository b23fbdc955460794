import { request } from '@cotton/sdk';
import { useEffect } from 'react';

/** The call that records a menu page opened (docs/auth.md "Menu visits"). */
export const ADD_MENU_VIEW_URL = '/rest/menu/addMenuView';

/**
 * Tells the server each menu page the user opens — a new page, or a tab brought back — for
 * the workbench's 最近访问 and 常用功能. Nothing is shown when it fails: the page itself is
 * what the user asked for.
 */
export function useMenuVisits(activePath: string | null): void {
  useEffect(() => {
    if (!activePath) return;
    request.post(ADD_MENU_VIEW_URL, { path: activePath }).catch(() => undefined);
  }, [activePath]);
}
