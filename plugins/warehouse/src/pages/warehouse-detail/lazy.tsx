import { Suspense, lazy } from 'react';
import type { WarehouseDetailProps } from '.';

const Detail = lazy(() => import('.').then((module) => ({ default: module.WarehouseDetail })));

/**
 * The warehouse detail, loaded when first shown: its Arco Table, Descriptions and Spin are
 * not loaded (nor compiled) with the list, which a visitor opens far more often (issue 30).
 */
export function LazyWarehouseDetail(props: WarehouseDetailProps) {
  return (
    <Suspense fallback={<div style={{ minHeight: 400 }} aria-busy="true" />}>
      <Detail {...props} />
    </Suspense>
  );
}
