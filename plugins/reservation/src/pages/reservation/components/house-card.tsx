import type { Plando, ReservationWarehouse } from '@cotton/sdk/contracts';
import { formatPercent, formatTonnes, houseState, statusKey } from '../house';
import type { ReservationLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';
import { HouseIcon } from './house-icon';
import { ProgressBars } from './progress-bars';

export interface HouseCardProps {
  t: ReservationLocale;
  plando: Plando;
  appointmentType: number;
  row: ReservationWarehouse;
  onDetail: (warehouse: ReservationWarehouse, appointDate: string) => void;
}

/**
 * One day of one warehouse: house icon, 已预约 x%, 可预约 y 吨, status and 查看详情. A past
 * day (`grey`) cannot be booked: it reads 已过期 in grey and its free tonnage 剩余 y 吨; so
 * does the free tonnage of a day that is full (less than a batch left), paused or closed.
 * Plain elements only: the week draws 280 of them.
 */
export function HouseCard({ t, plando, appointmentType, row, onDetail }: HouseCardProps) {
  const state = houseState(plando);
  const past = plando.grey;
  // 可预约 only where a batch can still be booked: open days and the specified-date warehouse's.
  const bookable = !past && (plando.plandoStatus === 1 || plando.plandoStatus === 4);
  const classes = [styles.card, styles[`card-${state}`], past ? styles['card-grey'] : ''].filter(Boolean).join(' ');
  return (
    <div
      className={classes}
      data-testid={`reservation-cell-${plando.appointmentDate}`}
      data-house={state}
      data-status={plando.plandoStatus}
      data-grey={past ? 'true' : 'false'}
    >
      <div className={styles['card-top']}>
        <HouseIcon state={state} level={plando.percent / 100} />
        <div className={styles['card-figures']}>
          <div className={styles['card-percent']} data-testid="reservation-percent">
            {t['reservation.booked']} <strong>{formatPercent(plando.percent)}%</strong>
          </div>
          <ProgressBars percent={plando.percent} />
        </div>
      </div>
      <div className={styles['card-free']}>
        {bookable ? t['reservation.available'] : t['reservation.remaining']}{' '}
        {formatTonnes(plando.appointmentWeightEmpty)} {t['reservation.tonnes']}
      </div>
      <div className={styles['card-bottom']}>
        <span
          className={`${styles.status} ${past ? styles['status-past'] : (styles[`status-${plando.plandoStatus}`] ?? '')}`}
          data-testid="reservation-status"
        >
          {past ? t['reservation.status.past'] : t[statusKey(plando.plandoStatus, appointmentType)]}
        </span>
        <button type="button" className={styles['detail-button']} onClick={() => onDetail(row, plando.appointmentDate)}>
          {t['reservation.viewDetail']}
        </button>
      </div>
    </div>
  );
}
