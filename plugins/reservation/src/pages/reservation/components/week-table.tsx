import { useMemo } from 'react';
import { Empty, Table } from '@arco-design/web-react';
import type { ReservationWarehouse } from '@cotton/sdk';
import { formatTonnes } from '../house';
import type { ReservationLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';
import { HouseCard } from './house-card';

export interface WeekTableProps {
  t: ReservationLocale;
  /** The seven dates shown, Monday first. */
  dates: string[];
  nowDate: string;
  rows: ReservationWarehouse[];
  loading: boolean;
  onDetail: (warehouse: ReservationWarehouse, appointDate: string) => void;
}

const WEEKDAY_KEYS = [
  'reservation.weekday.1',
  'reservation.weekday.2',
  'reservation.weekday.3',
  'reservation.weekday.4',
  'reservation.weekday.5',
  'reservation.weekday.6',
  'reservation.weekday.7',
] as const;

/** The week table: a warehouse column, then Monday … Sunday with their dates. */
export function WeekTable({ t, dates, nowDate, rows, loading, onDetail }: WeekTableProps) {
  const columns = useMemo(
    () => [
      {
        title: t['reservation.column.warehouse'],
        dataIndex: 'warehouseName',
        fixed: 'left' as const,
        width: 180,
        render: (_: unknown, row: ReservationWarehouse) => (
          <div className={styles['row-label']} data-testid={`reservation-row-${row.warehouseCode}`}>
            <div className={styles['row-name']}>{row.warehouseName}</div>
            {row.appointmentType === 2 && (
              <div className={styles['row-unassigned']} data-testid="reservation-unassigned">
                {t['reservation.unassigned']} {formatTonnes(row.appointmentWeightEmptySum)} {t['reservation.tonnes']}
              </div>
            )}
          </div>
        ),
      },
      ...dates.map((date, index) => {
        const today = date === nowDate;
        return {
          title: (
            <div
              className={today ? `${styles.head} ${styles['head-today']}` : styles.head}
              data-testid={`reservation-head-${index + 1}`}
              data-today={today ? 'true' : 'false'}
            >
              <div>
                {t[WEEKDAY_KEYS[index]]}
                {today ? `（${t['reservation.today']}）` : ''}
              </div>
              <div className={styles['head-date']}>{date}</div>
            </div>
          ),
          key: date,
          width: 160,
          render: (_: unknown, row: ReservationWarehouse) => {
            const plando = row.plandoList.find((p) => p.appointmentDate === date) ?? row.plandoList[index];
            return plando ? (
              <HouseCard
                t={t}
                plando={plando}
                appointmentType={row.appointmentType}
                onDetail={() => onDetail(row, plando.appointmentDate)}
              />
            ) : null;
          },
        };
      }),
    ],
    [t, dates, nowDate, onDetail],
  );

  return (
    <div data-testid="reservation-table" className={styles.table}>
      <Table
        rowKey="warehouseCode"
        columns={columns}
        data={rows}
        loading={loading}
        pagination={false}
        border={{ wrapper: true, cell: true }}
        scroll={{ x: 180 + 7 * 160 }}
        noDataElement={<Empty description={t['reservation.empty']} />}
      />
    </div>
  );
}
