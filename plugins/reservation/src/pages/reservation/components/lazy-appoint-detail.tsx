import { LazySuspense, lazyPart } from '@cotton/sdk';
import type { AppointDetailViewProps } from './appoint-detail';

const Detail = lazyPart(
  () => import('./appoint-detail').then((module) => module.AppointDetailView),
  'AppointDetailView',
);

/**
 * The day's batches (view 2), loaded when first shown: its Arco Table and Empty are not
 * loaded (nor compiled) with the week table (issue 30).
 */
export function LazyAppointDetailView(props: AppointDetailViewProps) {
  return (
    <LazySuspense fallback={<div style={{ minHeight: 400 }} aria-busy="true" />}>
      <Detail {...props} />
    </LazySuspense>
  );
}
