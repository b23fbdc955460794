import { Suspense, lazy, useSyncExternalStore } from 'react';
import type { DevMode } from './dev-mode';

const DevModeBadge = lazy(() => import('./DevModeBadge').then((module) => ({ default: module.DevModeBadge })));

/** The dev-mode badge, its code loaded only while dev mode is on in this browser (issue 30). */
export function DevModeBadgeSlot({ devMode }: { devMode: DevMode }) {
  const state = useSyncExternalStore(devMode.subscribe, devMode.getState);
  if (!state) return null;
  return (
    <Suspense fallback={null}>
      <DevModeBadge devMode={devMode} />
    </Suspense>
  );
}
