import { Button } from '@arco-design/web-react';
import type { Plando } from '@cotton/sdk';
import { formatPercent, formatTonnes, houseState, statusKey } from '../house';
import type { ReservationLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';
import { HouseIcon } from './house-icon';
import { ProgressBars } from './progress-bars';

export interface HouseCardProps {
  t: ReservationLocale;
  plando: Plando;
  appointmentType: number;
  onDetail: () => void;
}

/** One day of one warehouse: house icon, 已预约 x%, 可预约 y 吨, status and 查看详情. */
export function HouseCard({ t, plando, appointmentType, onDetail }: HouseCardProps) {
  const state = houseState(plando);
  const classes = [styles.card, styles[`card-${state}`], plando.grey ? styles['card-grey'] : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={classes}
      data-testid={`reservation-cell-${plando.appointmentDate}`}
      data-house={state}
      data-status={plando.plandoStatus}
      data-grey={plando.grey ? 'true' : 'false'}
    >
      <div className={styles['card-top']}>
        <HouseIcon state={state} level={plando.percent / 100} />
        <div className={styles['card-figures']}>
          <div className={styles['card-percent']}>
            {t['reservation.booked']} <strong>{formatPercent(plando.percent)}%</strong>
          </div>
          <ProgressBars percent={plando.percent} />
        </div>
      </div>
      <div className={styles['card-free']}>
        {t['reservation.available']} {formatTonnes(plando.appointmentWeightEmpty)} {t['reservation.tonnes']}
      </div>
      <div className={styles['card-bottom']}>
        <span
          className={`${styles.status} ${styles[`status-${plando.plandoStatus}`] ?? ''}`}
          data-testid="reservation-status"
        >
          {t[statusKey(plando.plandoStatus, appointmentType)]}
        </span>
        <Button size="mini" type="text" className={styles['detail-button']} onClick={onDetail}>
          {t['reservation.viewDetail']}
        </Button>
      </div>
    </div>
  );
}
