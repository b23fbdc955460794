import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@cotton/sdk';
import type { SearchParamsUpdate } from '@cotton/sdk';
import { queryAppointmentWeek } from '../../api';
import type { ReservationWarehouse } from '@cotton/sdk/contracts';
import type { ReservationArea } from '../../api';
import { RESERVATION_URL_INVALID, toWeekStep, useReservationUrlState } from '../../hooks/use-reservation-url-state';
import type { ReservationUrlState } from '../../hooks/use-reservation-url-state';
import { LazyAppointDetailView as AppointDetailView } from './components/lazy-appoint-detail';
import { Legend } from './components/legend';
import { Toolbar } from './components/toolbar';
import { WeekTable } from './components/week-table';
import { weekOf } from './house';
import locale from './locale/zh-CN';
import styles from './style/index.module.css';

/**
 * A reservation progress page. View 1 is the week table; `whsCode` and `appointDate` in
 * the URL show view 2, the day's batches. Week, region and open detail live in the URL.
 */
export function ReservationPage({ area }: { area: ReservationArea }) {
  const [state, update] = useReservationUrlState();
  if (state.whsCode && state.appointDate) {
    return (
      <AppointDetailView
        t={locale}
        area={area}
        whsCode={state.whsCode}
        whsName={state.whsName}
        appointDate={state.appointDate}
        onBack={() => update({ whsCode: '', whsName: '', appointDate: '' })}
      />
    );
  }
  return <WeekView area={area} />;
}

function WeekView({ area }: { area: ReservationArea }) {
  const t = locale;
  const [state, update] = useReservationUrlState();
  const weekStep = toWeekStep(state.weekStep);
  const regionKey = area === 'xinjiang' ? 'regionAreaCode' : 'regionProviceCode';
  const region = state[regionKey];

  // Each answer carries the week and region it answers: while another week loads, the table
  // keeps showing the last answer under its own dates (never new dates over old cells).
  const {
    data: answer,
    loading,
    error,
    reload,
  } = useQuery(
    () => queryAppointmentWeek(area, weekStep, region).then((week) => ({ week, weekStep })),
    [area, weekStep, region],
    // An unknown area code passes the URL's rule; the server's refusal is told plainly.
    { badRequestMessage: RESERVATION_URL_INVALID },
  );
  const data = answer?.week;
  // A region that passed the URL's rule but that the server does not know (an old link):
  // back to all regions, as for any other bad value of the URL.
  useEffect(() => {
    if (error?.code === '400' && region) update({ [regionKey]: '' }, { replace: true });
  }, [error, region, regionKey, update]);
  const nowDate = data?.nowDate ?? '';
  const shownStep = answer?.weekStep ?? weekStep;
  const rows = data?.warehouseList;
  const dates = useMemo(() => {
    const week = weekOf(nowDate, shownStep);
    return week.length === 7 ? week : (rows?.[0]?.plandoList.map((p) => p.appointmentDate) ?? []);
  }, [nowDate, shownStep, rows]);
  const onWeek = useWeekSteps(weekStep, update);

  const onDetail = useCallback(
    (warehouse: ReservationWarehouse, appointDate: string) =>
      update({ whsCode: warehouse.warehouseCode, whsName: warehouse.warehouseName, appointDate }),
    [update],
  );

  return (
    <div className={styles.container} data-testid={`reservation-page-${area}`}>
      <h5 className={styles.title}>
        {area === 'xinjiang' ? t['reservation.title.xinjiang'] : t['reservation.title.inland']}
      </h5>
      <Toolbar
        t={t}
        area={area}
        region={region}
        onRegionChange={(value) => update({ [regionKey]: value })}
        onWeek={onWeek}
        onRefresh={reload}
        nowDate={nowDate}
      />
      <Legend t={t} />
      <WeekTable t={t} dates={dates} nowDate={nowDate} rows={rows ?? NO_ROWS} loading={loading} onDetail={onDetail} />
    </div>
  );
}

const NO_ROWS: ReservationWarehouse[] = [];

/**
 * 上一周 / 本周 / 下一周. Every click counts: the next week is counted from the last one
 * asked for, even when the page has not yet redrawn with it (clicks faster than a render);
 * the URL (back button, a link) wins as soon as it differs from what was asked.
 */
export function useWeekSteps(weekStep: number, update: SearchParamsUpdate<ReservationUrlState>) {
  // The weeks asked since the URL last caught up: the URL passes through them in order.
  const asked = useRef<{ seen: Set<number>; to: number } | null>(null);
  if (asked.current && (weekStep === asked.current.to || !asked.current.seen.has(weekStep))) asked.current = null;
  const latest = useRef(weekStep);
  latest.current = asked.current ? asked.current.to : weekStep;
  return useCallback(
    (step: -1 | 0 | 1) => {
      const next = step === 0 ? 0 : toWeekStep(String(latest.current + step));
      const seen = asked.current?.seen ?? new Set([latest.current]);
      seen.add(next);
      asked.current = { seen, to: next };
      latest.current = next;
      update({ weekStep: String(next) });
    },
    [update],
  );
}

/** `/reservation`: Xinjiang-supervised cotton, filtered by reservation area. */
export function XinjiangReservation() {
  return <ReservationPage area="xinjiang" />;
}

/** `/inlReservation`: inland-supervised cotton, filtered by province or city. */
export function InlandReservation() {
  return <ReservationPage area="inland" />;
}
