import { LazySuspense, lazyPart } from '@cotton/sdk';
import type { WarehouseDetailProps } from '.';

const Detail = lazyPart(() => import('.').then((module) => module.WarehouseDetail), 'WarehouseDetail');

/**
 * The warehouse detail, loaded when first shown: its Arco Table, Descriptions and Spin are
 * not loaded (nor compiled) with the list, which a visitor opens far more often (issue 30).
 */
export function LazyWarehouseDetail(props: WarehouseDetailProps) {
  return (
    <LazySuspense fallback={<div style={{ minHeight: 400 }} aria-busy="true" />}>
      <Detail {...props} />
    </LazySuspense>
  );
}
