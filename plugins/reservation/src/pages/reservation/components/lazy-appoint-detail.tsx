import { Suspense, lazy } from 'react';
import type { AppointDetailViewProps } from './appoint-detail';

const Detail = lazy(() => import('./appoint-detail').then((module) => ({ default: module.AppointDetailView })));

/**
 * The day's batches (view 2), loaded when first shown: its Arco Table and Empty are not
 * loaded (nor compiled) with the week table (issue 30).
 */
export function LazyAppointDetailView(props: AppointDetailViewProps) {
  return (
    <Suspense fallback={<div style={{ minHeight: 400 }} aria-busy="true" />}>
      <Detail {...props} />
    </Suspense>
  );
}
