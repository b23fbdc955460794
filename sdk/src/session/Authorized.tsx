import type { ReactNode } from 'react';
import { useSession } from './store';

export interface AuthorizedProps {
  /** The permission code required to see `children`. */
  code: string;
  /** Shown instead when the user lacks the code; nothing by default. */
  fallback?: ReactNode;
  children: ReactNode;
}

/** Renders `children` only for users holding `code`; follows login and logout. */
export function Authorized({ code, fallback = null, children }: AuthorizedProps): ReactNode {
  const { permissions } = useSession();
  return permissions.includes(code) ? children : fallback;
}
