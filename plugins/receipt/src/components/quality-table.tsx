import { DASH, formatNumber } from '@cotton/sdk';
import {
  LENGTH_GRADES,
  MICRONAIRE_GRADES,
  STRENGTH_GRADES,
  UNIFORMITY_GRADES,
  colorGradeName,
} from '@cotton/sdk/validators';
import type { BatchInspection } from '@cotton/sdk/contracts';
import type { ReceiptLocale } from '../locale/zh-CN';
import { COLOR_TYPES } from '../quality';
import styles from './style/quality-table.module.css';

type Num = number | null | undefined;

interface Cell {
  key: string;
  label: string;
  value: string;
}

/** What a summary value is: its column of the grid (the header names it). */
export type SummaryKind = 'main' | 'min' | 'max' | 'avg';
export const SUMMARY_KINDS: readonly SummaryKind[] = ['main', 'min', 'max', 'avg'];

interface SummaryCell extends Cell {
  kind: SummaryKind;
}

interface Group {
  key: 'color' | 'length' | 'micronaire' | 'uniformity' | 'strength' | 'remark';
  title: string;
  /** Shares per grade (% of bales), or for 备注 the averages. */
  cells: Cell[];
  summary: SummaryCell[];
}

/**
 * Grade columns of the grid, for every row: length has 8 grades (25–32 mm), the most of any
 * indicator but colour, whose 13 grades take two lines of the same 8 columns (白棉 1–5 and
 * 淡点污棉 1–3, then 淡黄染棉 1–3 and 黄染棉 1–2).
 */
export const GRADE_COLUMNS = 8;

/**
 * Where a cell sits in the one grid all rows share (1-based CSS grid lines within its row):
 * column 1 the indicator, 2…9 the grades, 10…13 主体, 最小, 最大, 平均.
 */
export function gradePlace(index: number): { column: number; line: number } {
  return { column: 2 + (index % GRADE_COLUMNS), line: 1 + Math.floor(index / GRADE_COLUMNS) };
}
export function summaryColumn(kind: SummaryKind): number {
  return 2 + GRADE_COLUMNS + SUMMARY_KINDS.indexOf(kind);
}

function num(value: Num, digits: number, unit = ''): string {
  const text = formatNumber(value, digits);
  return text === DASH ? DASH : `${text}${unit}`;
}

function rate(inspection: Partial<BatchInspection>, field: string): string {
  return num((inspection as Record<string, Num>)[field], 1);
}

/** The rows of the quality table (spec §3 "Quality info"). */
export function qualityGroups(t: ReceiptLocale, q: Partial<BatchInspection>): Group[] {
  const colorCells: Cell[] = COLOR_TYPES.flatMap((type, typeIndex) =>
    type.fields.map((field, gradeIndex) => {
      const code = `${gradeIndex + 1}${typeIndex + 1}`;
      return { key: field, label: colorGradeName(code) ?? code, value: rate(q, field) };
    }),
  );
  return [
    {
      key: 'color',
      title: t['quality.color'],
      cells: colorCells,
      summary: [
        {
          key: 'mainColorGrade',
          kind: 'main',
          label: t['quality.main'],
          value: colorGradeName(q.mainColorGrade) ?? t['quality.noMainColor'],
        },
      ],
    },
    {
      key: 'length',
      title: t['quality.length'],
      cells: LENGTH_GRADES.map((mm) => ({
        key: `lengthRate${mm}`,
        label: `${mm}mm`,
        value: rate(q, `lengthRate${mm}`),
      })),
      summary: [
        {
          key: 'mainLength',
          kind: 'main',
          label: t['quality.main'],
          value:
            q.mainLength === null || q.mainLength === undefined
              ? t['quality.noMainLength']
              : num(q.mainLength, 0, 'mm'),
        },
        { key: 'avgLength', kind: 'avg', label: t['quality.avg'], value: num(q.avgLength, 1, 'mm') },
      ],
    },
    {
      key: 'micronaire',
      title: t['quality.micronaire'],
      cells: MICRONAIRE_GRADES.map((grade) => ({
        key: `micronaireRate${grade}`,
        label: grade,
        value: rate(q, `micronaireRate${grade}`),
      })),
      summary: [
        {
          key: 'mainMicronaire',
          kind: 'main',
          label: t['quality.main'],
          value: q.mainMicronaire || t['quality.noMainMicronaire'],
        },
        { key: 'avgMicronaire', kind: 'avg', label: t['quality.avg'], value: num(q.avgMicronaire, 2) },
      ],
    },
    {
      key: 'uniformity',
      title: t['quality.uniformity'],
      cells: UNIFORMITY_GRADES.map((grade) => ({
        key: `uniformityRate${grade}`,
        label: grade,
        value: rate(q, `uniformityRate${grade}`),
      })),
      summary: [
        { key: 'minUniformity', kind: 'min', label: t['quality.min'], value: num(q.minUniformity, 1, '%') },
        { key: 'maxUniformity', kind: 'max', label: t['quality.max'], value: num(q.maxUniformity, 1, '%') },
        { key: 'avgUniformity', kind: 'avg', label: t['quality.avg'], value: num(q.avgUniformity, 1, '%') },
      ],
    },
    {
      key: 'strength',
      title: t['quality.strength'],
      cells: STRENGTH_GRADES.map((grade) => ({
        key: `strengthRate${grade}`,
        label: grade,
        value: rate(q, `strengthRate${grade}`),
      })),
      summary: [
        { key: 'minStrength', kind: 'min', label: t['quality.min'], value: num(q.minStrength, 1) },
        { key: 'maxStrength', kind: 'max', label: t['quality.max'], value: num(q.maxStrength, 1) },
        { key: 'avgStrength', kind: 'avg', label: t['quality.avg'], value: num(q.avgStrength, 1) },
      ],
    },
    {
      key: 'remark',
      title: t['quality.remark'],
      cells: [
        { key: 'avgRd', label: t['quality.avgRd'], value: num(q.avgRd, 1) },
        { key: 'avgPlusB', label: t['quality.avgPlusB'], value: num(q.avgPlusB, 1) },
        { key: 'moistureRate', label: t['quality.moisture'], value: num(q.moistureRate, 1) },
        { key: 'impurityRate', label: t['quality.impurity'], value: num(q.impurityRate, 1) },
        { key: 'packetNum', label: t['quality.packetNum'], value: num(q.packetNum, 0) },
      ],
      summary: [],
    },
  ];
}

export interface QualityTableProps {
  t: ReceiptLocale;
  /** `null` when the inspection is unknown: every value shows --. */
  inspection: Partial<BatchInspection> | null;
}

const SUMMARY_TITLES: Record<SummaryKind, 'quality.main' | 'quality.min' | 'quality.max' | 'quality.avg'> = {
  main: 'quality.main',
  min: 'quality.min',
  max: 'quality.max',
  avg: 'quality.avg',
};

/**
 * The large quality table: per indicator, the share of bales in each grade (%) and the
 * main grade or the min / max / average; 备注 holds the Rd, +b, moisture and trash averages.
 * One CSS grid for every row (each row a subgrid of it), so that the grades and the
 * 主体 / 最小 / 最大 / 平均 values line up from row to row, and each header sits over its
 * own columns, whole.
 */
export function QualityTable({ t, inspection }: QualityTableProps) {
  const groups = qualityGroups(t, inspection ?? {});
  return (
    // A box that scrolls sideways (a phone): focusable, so that a keyboard scrolls it too.
    <div className={styles.scroll} tabIndex={0} role="region" aria-label={t['detail.quality']}>
      <div className={styles.table} data-testid="quality-table" role="table">
        <div className={`${styles.row} ${styles.head}`} role="row">
          <div className={styles.title} role="columnheader" style={{ gridColumn: 1 }}>
            {t['quality.col.item']}
          </div>
          <div
            className={styles['head-cell']}
            role="columnheader"
            style={{ gridColumn: `2 / span ${GRADE_COLUMNS}` }}
            data-testid="quality-head-grades"
          >
            {t['quality.col.grades']}
          </div>
          {SUMMARY_KINDS.map((kind) => (
            <div
              key={kind}
              className={`${styles['head-cell']} ${styles['head-summary']}`}
              role="columnheader"
              style={{ gridColumn: summaryColumn(kind) }}
              data-testid={`quality-head-${kind}`}
            >
              {t[SUMMARY_TITLES[kind]]}
            </div>
          ))}
        </div>
        {groups.map((group) => {
          const lines = Math.max(1, Math.ceil(group.cells.length / GRADE_COLUMNS));
          const span = `1 / span ${lines}`;
          return (
            <div className={styles.row} key={group.key} data-testid={`quality-${group.key}`} role="row">
              <div className={styles.title} role="rowheader" style={{ gridColumn: 1, gridRow: span }}>
                {group.title}
              </div>
              {group.cells.map((cell, index) => {
                const place = gradePlace(index);
                return (
                  <div
                    className={styles.cell}
                    key={cell.key}
                    data-testid={`quality-${cell.key}`}
                    data-column={place.column}
                    role="cell"
                    style={{ gridColumn: place.column, gridRow: place.line }}
                  >
                    <div className={styles.label}>{cell.label}</div>
                    <div className={styles.value}>{cell.value}</div>
                  </div>
                );
              })}
              {SUMMARY_KINDS.map((kind) => {
                const cell = group.summary.find((c) => c.kind === kind);
                const column = summaryColumn(kind);
                return cell ? (
                  <div
                    className={`${styles.cell} ${styles.summary}`}
                    key={kind}
                    data-testid={`quality-${cell.key}`}
                    data-column={column}
                    role="cell"
                    aria-label={cell.label}
                    style={{ gridColumn: column, gridRow: span }}
                  >
                    <div className={styles['summary-value']}>{cell.value}</div>
                  </div>
                ) : (
                  <div
                    className={`${styles.cell} ${styles.summary}`}
                    key={kind}
                    role="cell"
                    style={{ gridColumn: column, gridRow: span }}
                  />
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
