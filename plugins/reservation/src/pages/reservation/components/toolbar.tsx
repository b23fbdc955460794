import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { Button, Input } from '@arco-design/web-react';
import { IconDown, IconLeft, IconRefresh, IconRight } from '@arco-design/web-react/icon';
import { LazySuspense, LightSelect, lazyPart, useQuery } from '@cotton/sdk';
import { queryAllRegion } from '../../../api';
import type { ReservationArea } from '../../../api';
import type { ReservationLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

export interface ToolbarProps {
  t: ReservationLocale;
  area: ReservationArea;
  /** Xinjiang: area group code; inland: comma-joined province/city codes; '' all. */
  region: string;
  onRegionChange: (region: string) => void;
  onWeek: (step: -1 | 0 | 1) => void;
  onRefresh: () => void;
  nowDate: string;
}

const RegionCascader = lazyPart(
  () => import('./region-cascader-field').then((module) => module.default),
  'RegionCascader',
);

/** The browser's own select (issue 30: Arco's Select cost a phone's CPU more than it gave). */
function XinjiangRegionSelect({
  t,
  id,
  region,
  onRegionChange,
}: Pick<ToolbarProps, 't' | 'region' | 'onRegionChange'> & { id: string }) {
  const { data: groups } = useQuery(() => queryAllRegion(), []);
  const options = [
    { label: t['reservation.region.all'], value: '' },
    ...(groups ?? []).map((g) => ({ label: g.value, value: g.code })),
  ];
  // A region from the URL is shown before the list of regions has come.
  if (region && !options.some((option) => option.value === region)) options.push({ label: region, value: region });
  return (
    <LightSelect
      id={id}
      data-testid="reservation-region-select"
      value={region}
      options={options}
      onChange={(value) => onRegionChange(value ?? '')}
      className={styles['region-select']}
    />
  );
}

/**
 * The inland region filter: Arco's Cascader (its own module, `lazyPart`), mounted once the
 * page's first frame is painted. Until then a read-only input of the same box, placeholder
 * and arrow stands in its place: the Cascader's mount measures itself (a forced layout of the
 * whole new page) and cost the click's task on a phone's CPU ~40 of its ~210 ms (issue 30).
 * Pointing at the stand-in (the mouse arrives before the click), touching it or tabbing to it
 * mounts the real one at once, the focus handed on; a region from the URL shows it from the
 * start.
 */
export function InlandRegionFilter({
  t,
  region,
  onRegionChange,
}: Pick<ToolbarProps, 't' | 'region' | 'onRegionChange'>) {
  const [live, setLive] = useState(region !== '');
  const holder = useRef<HTMLSpanElement>(null);
  const focusOnMount = useRef(false);
  useEffect(() => {
    if (live) return undefined;
    // requestAnimationFrame runs before the page's frame is painted, its timeout after.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setLive(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [live]);
  const activate = () => setLive(true);
  const standIn = (
    <Input
      readOnly
      style={{ width: 300 }}
      placeholder={t['reservation.region.inland.placeholder']}
      suffix={<IconDown />}
      data-deferred-control=""
    />
  );
  return (
    <span
      ref={holder}
      data-testid="reservation-region-cascader"
      onPointerEnter={live ? undefined : activate}
      onPointerDown={live ? undefined : activate}
      onFocus={
        live
          ? undefined
          : () => {
              focusOnMount.current = true;
              activate();
            }
      }
    >
      {live ? (
        // The same stand-in while the Cascader's module loads.
        <LazySuspense fallback={standIn}>
          <HandFocusOn holder={holder} pending={focusOnMount} />
          <RegionCascader
            multiple
            maxLevel={3}
            // A province, city or county ticks on its own and is sent as its code (the server
            // matches all three levels); a ticked province stands for all of it.
            anyLevel
            allowClear
            maxTagCount={2}
            placeholder={t['reservation.region.inland.placeholder']}
            value={region ? region.split(',').filter(Boolean) : []}
            onChange={(codes) => onRegionChange(codes.join(','))}
            style={{ width: 300 }}
          />
        </LazySuspense>
      ) : (
        standIn
      )}
    </span>
  );
}

/**
 * Moves the focus into `holder` when it commits with `pending` set: beside a lazy part in its
 * Suspense boundary, it commits with the part (after its module has come), not with the fallback.
 */
function HandFocusOn({ holder, pending }: { holder: RefObject<HTMLElement | null>; pending: RefObject<boolean> }) {
  useLayoutEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    // Only if the focus is still where the visitor left it (the stand-in, or nowhere while the
    // module loaded): not pulled back from wherever they have gone since.
    const active = document.activeElement;
    if (active && active !== document.body && !holder.current?.contains(active)) return;
    holder.current?.querySelector<HTMLElement>('input, [tabindex]:not([tabindex="-1"])')?.focus();
  }, [holder, pending]);
  return null;
}

/** Region filter, week buttons, refresh and today's date. */
export function Toolbar({ t, area, region, onRegionChange, onWeek, onRefresh, nowDate }: ToolbarProps) {
  const selectId = useId();
  return (
    <div className={styles.toolbar} data-testid="reservation-toolbar">
      <div className={styles['toolbar-group']}>
        {area === 'xinjiang' ? (
          <label className={styles['toolbar-label']} htmlFor={selectId}>
            {t['reservation.region']}
          </label>
        ) : (
          <span className={styles['toolbar-label']}>{t['reservation.region.inland']}</span>
        )}
        {area === 'xinjiang' ? (
          <XinjiangRegionSelect t={t} id={selectId} region={region} onRegionChange={onRegionChange} />
        ) : (
          <InlandRegionFilter t={t} region={region} onRegionChange={onRegionChange} />
        )}
      </div>
      <div className={styles['toolbar-group']}>
        <Button icon={<IconLeft />} onClick={() => onWeek(-1)} data-testid="reservation-prev">
          {t['reservation.prevWeek']}
        </Button>
        <Button type="primary" onClick={() => onWeek(0)} data-testid="reservation-this">
          {t['reservation.thisWeek']}
        </Button>
        <Button onClick={() => onWeek(1)} data-testid="reservation-next">
          {t['reservation.nextWeek']}
          <IconRight />
        </Button>
        <Button icon={<IconRefresh />} onClick={onRefresh} data-testid="reservation-refresh">
          {t['reservation.refresh']}
        </Button>
      </div>
      <div className={styles['now-date']} data-testid="reservation-now-date">
        {t['reservation.nowDate']}
        {nowDate}
      </div>
    </div>
  );
}
