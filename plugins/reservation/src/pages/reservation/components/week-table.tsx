import { memo, useEffect, useRef, useState } from 'react';
import type { UIEvent } from 'react';
import type { ReservationWarehouse } from '@cotton/sdk/contracts';
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

/** Rows drawn in the click's frame: more than a 900 px screen shows. */
export const FIRST_ROWS = 6;
/** Rows drawn per later task, each well under 50 ms of main thread. */
export const ROWS_PER_TASK = 8;

/** One row's place in the table: what it draws, and whether that is the week asked. */
export interface RowSlot {
  row: ReservationWarehouse;
  dates: string[];
  /** false: still the previous answer, kept invisible in its place until redrawn. */
  fresh: boolean;
}

function slotsFor(rows: ReservationWarehouse[], dates: string[], previous: Array<RowSlot | undefined>) {
  return rows.map((row, index): RowSlot | undefined =>
    index < FIRST_ROWS ? { row, dates, fresh: true } : previous[index] && { ...previous[index], fresh: false },
  );
}

/**
 * What each row draws: the first screen at once, the rest a few rows per task after the
 * first paint, so a week of 40 warehouses (280 cells) never blocks the page in one long
 * task. On another week (or region) the rows not yet redrawn keep their elements, invisible
 * (their cells are updated in place later instead of being removed and created again).
 */
export function useProgressiveRows(rows: ReservationWarehouse[], dates: string[]): Array<RowSlot | undefined> {
  const [state, setState] = useState(() => ({ rows, dates, slots: slotsFor(rows, dates, []) }));
  let current = state;
  if (state.rows !== rows || state.dates !== dates) {
    current = { rows, dates, slots: slotsFor(rows, dates, state.slots) };
    setState(current);
  }
  const next = current.slots.findIndex((slot) => !slot?.fresh);
  useEffect(() => {
    if (next < 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const more = () => {
      timer = setTimeout(() =>
        setState((s) =>
          s.rows === rows && s.dates === dates
            ? {
                ...s,
                slots: s.slots.map((slot, index) =>
                  index >= next && index < next + ROWS_PER_TASK ? { row: rows[index], dates, fresh: true } : slot,
                ),
              }
            : s,
        ),
      );
    };
    // After the frame with what is drawn so far has been painted.
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(more) : (more(), 0);
    return () => {
      if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [rows, dates, next]);
  return current.slots;
}

function HeadRow({ t, dates, nowDate }: Pick<WeekTableProps, 't' | 'dates' | 'nowDate'>) {
  return (
    <div role="row" className={styles['week-grid']}>
      <div role="columnheader" className={`${styles['week-label']} ${styles['week-corner']}`}>
        {t['reservation.column.warehouse']}
      </div>
      {dates.map((date, index) => {
        const today = date === nowDate;
        return (
          <div key={date} role="columnheader" className={styles['week-th']}>
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
          </div>
        );
      })}
    </div>
  );
}

interface RowProps {
  t: ReservationLocale;
  row: ReservationWarehouse;
  dates: string[];
  onDetail: (warehouse: ReservationWarehouse, appointDate: string) => void;
}

/** One warehouse's week; redrawn only when its data, the dates or the texts change. */
const WeekRow = memo(function WeekRow({ t, row, dates, onDetail }: RowProps) {
  return (
    <div role="row" className={`${styles['week-grid']} ${styles['week-row']}`} data-testid="reservation-week-row">
      <div role="rowheader" className={styles['week-label']}>
        <div className={styles['row-label']} data-testid={`reservation-row-${row.warehouseCode}`}>
          <div className={styles['row-name']}>{row.warehouseName}</div>
          {row.appointmentType === 2 && (
            <div className={styles['row-unassigned']} data-testid="reservation-unassigned">
              {t['reservation.unassigned']} {formatTonnes(row.appointmentWeightEmptySum)} {t['reservation.tonnes']}
            </div>
          )}
        </div>
      </div>
      {dates.map((date, index) => {
        const plando = row.plandoList.find((p) => p.appointmentDate === date) ?? row.plandoList[index];
        return (
          <div key={index} role="cell" className={styles['week-cell']}>
            {plando ? (
              <HouseCard t={t} plando={plando} appointmentType={row.appointmentType} row={row} onDetail={onDetail} />
            ) : null}
          </div>
        );
      })}
    </div>
  );
});

/**
 * The week table: a warehouse column, then Monday … Sunday with their dates. Plain table
 * elements and CSS (no component per cell). The weekday header stays under the site's
 * header while the page scrolls; on a narrow screen the table scrolls sideways in its box
 * with the warehouse column fixed, the header following the scroll.
 */
export function WeekTable({ t, dates, nowDate, rows, loading, onDetail }: WeekTableProps) {
  const slots = useProgressiveRows(rows, dates);
  // Every row drawn with the week asked (what a reader, or a test, may wait for).
  const drawn = !loading && slots.every((slot) => slot?.fresh);
  const headRef = useRef<HTMLDivElement>(null);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (headRef.current) headRef.current.scrollLeft = event.currentTarget.scrollLeft;
  };

  return (
    <div
      data-testid="reservation-table"
      role="table"
      aria-label={t['reservation.column.warehouse']}
      className={styles.table}
      aria-busy={loading ? 'true' : 'false'}
      data-drawn={drawn ? 'true' : 'false'}
    >
      <div className={styles['week-head']} ref={headRef} data-testid="reservation-week-head" role="rowgroup">
        <HeadRow t={t} dates={dates} nowDate={nowDate} />
      </div>
      <div className={styles['week-body']} onScroll={onScroll} role="rowgroup">
        {rows.length > 0 ? (
          <div className={styles['week-rows']}>
            {slots.map((slot, index) =>
              slot ? (
                <div
                  // By position: another week's row takes the place (and elements) of this one.
                  key={index}
                  className={slot.fresh ? styles['week-slot'] : `${styles['week-slot']} ${styles['week-stale']}`}
                  aria-hidden={slot.fresh ? undefined : 'true'}
                >
                  <WeekRow t={t} row={slot.row} dates={slot.dates} onDetail={onDetail} />
                </div>
              ) : null,
            )}
          </div>
        ) : (
          <div className={styles['week-empty']}>{loading ? t['reservation.loading'] : t['reservation.empty']}</div>
        )}
      </div>
      {loading && rows.length > 0 && <div className={styles['week-loading']} aria-hidden="true" />}
    </div>
  );
}
