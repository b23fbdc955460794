import { useCallback, useEffect, useMemo } from 'react';
import { Typography } from '@arco-design/web-react';
import { useQuery } from '@cotton/sdk';
import { queryAppointmentWeek } from '../../api';
import type { ReservationWarehouse } from '@cotton/sdk';
import type { ReservationArea } from '../../api';
import { RESERVATION_URL_INVALID, toWeekStep, useReservationUrlState } from '../../hooks/use-reservation-url-state';
import { AppointDetailView } from './components/appoint-detail';
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

  const { data, loading, error, reload } = useQuery(
    () => queryAppointmentWeek(area, weekStep, region),
    [area, weekStep, region],
    // An unknown area code passes the URL's rule; the server's refusal is told plainly.
    { badRequestMessage: RESERVATION_URL_INVALID },
  );
  // A region that passed the URL's rule but that the server does not know (an old link):
  // back to all regions, as for any other bad value of the URL.
  useEffect(() => {
    if (error?.code === '400' && region) update({ [regionKey]: '' }, { replace: true });
  }, [error, region, regionKey, update]);
  const nowDate = data?.nowDate ?? '';
  const dates = useMemo(() => weekOf(nowDate, weekStep), [nowDate, weekStep]);

  const onDetail = useCallback(
    (warehouse: ReservationWarehouse, appointDate: string) =>
      update({ whsCode: warehouse.warehouseCode, whsName: warehouse.warehouseName, appointDate }),
    [update],
  );

  return (
    <div className={styles.container} data-testid={`reservation-page-${area}`}>
      <Typography.Title heading={5} className={styles.title}>
        {area === 'xinjiang' ? t['reservation.title.xinjiang'] : t['reservation.title.inland']}
      </Typography.Title>
      <Toolbar
        t={t}
        area={area}
        region={region}
        onRegionChange={(value) => update({ [regionKey]: value })}
        onWeek={(step) => update({ weekStep: String(step === 0 ? 0 : toWeekStep(String(weekStep + step))) })}
        onRefresh={reload}
        nowDate={nowDate}
      />
      <Legend t={t} />
      <WeekTable
        t={t}
        dates={dates.length === 7 ? dates : (data?.warehouseList[0]?.plandoList.map((p) => p.appointmentDate) ?? [])}
        nowDate={nowDate}
        rows={data?.warehouseList ?? []}
        loading={loading}
        onDetail={onDetail}
      />
    </div>
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
