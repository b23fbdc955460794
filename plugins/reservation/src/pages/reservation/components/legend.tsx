import type { HouseState } from '../house';
import type { ReservationLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';
import { HouseIcon } from './house-icon';

const ITEMS: Array<{ state: HouseState; level: number; key: keyof ReservationLocale }> = [
  { state: 'empty', level: 0, key: 'reservation.legend.empty' },
  { state: 'normal', level: 0.3, key: 'reservation.legend.normal' },
  { state: 'half', level: 0.6, key: 'reservation.legend.half' },
  { state: 'full', level: 1, key: 'reservation.legend.full' },
];

/** What the house colours mean. */
export function Legend({ t }: { t: ReservationLocale }) {
  return (
    <div className={styles.legend} data-testid="reservation-legend">
      <span>{t['reservation.legend']}</span>
      {ITEMS.map((item) => (
        <span key={item.state} className={styles['legend-item']}>
          <HouseIcon state={item.state} level={item.level} size={22} />
          {t[item.key]}
        </span>
      ))}
    </div>
  );
}
