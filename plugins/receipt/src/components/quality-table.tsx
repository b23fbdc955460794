import { DASH, formatNumber } from '@cotton/sdk';
import type { BatchInspection } from '@cotton/sdk';
import type { ReceiptLocale } from '../locale/zh-CN';
import {
  COLOR_GRADES,
  COLOR_TYPES,
  LENGTH_GRADES,
  MICRONAIRE_GRADES,
  STRENGTH_GRADES,
  UNIFORMITY_GRADES,
  colorGradeName,
} from '../quality';
import styles from './style/quality-table.module.css';

type Num = number | null | undefined;

interface Cell {
  key: string;
  label: string;
  value: string;
}

interface Group {
  key: 'color' | 'length' | 'micronaire' | 'uniformity' | 'strength' | 'remark';
  title: string;
  /** Shares per grade (% of bales), or for 备注 the averages. */
  cells: Cell[];
  summary: Cell[];
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
  const colorNames = new Map(COLOR_GRADES.map((g) => [g.code, g.name]));
  const colorCells: Cell[] = COLOR_TYPES.flatMap((type, typeIndex) =>
    type.fields.map((field, gradeIndex) => {
      const code = `${gradeIndex + 1}${typeIndex + 1}`;
      return { key: field, label: colorNames.get(code) ?? code, value: rate(q, field) };
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
          label: t['quality.main'],
          value:
            q.mainLength === null || q.mainLength === undefined
              ? t['quality.noMainLength']
              : num(q.mainLength, 0, 'mm'),
        },
        { key: 'avgLength', label: t['quality.avg'], value: num(q.avgLength, 1, 'mm') },
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
        { key: 'mainMicronaire', label: t['quality.main'], value: q.mainMicronaire || t['quality.noMainMicronaire'] },
        { key: 'avgMicronaire', label: t['quality.avg'], value: num(q.avgMicronaire, 2) },
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
        { key: 'minUniformity', label: t['quality.min'], value: num(q.minUniformity, 1, '%') },
        { key: 'maxUniformity', label: t['quality.max'], value: num(q.maxUniformity, 1, '%') },
        { key: 'avgUniformity', label: t['quality.avg'], value: num(q.avgUniformity, 1, '%') },
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
        { key: 'minStrength', label: t['quality.min'], value: num(q.minStrength, 1) },
        { key: 'maxStrength', label: t['quality.max'], value: num(q.maxStrength, 1) },
        { key: 'avgStrength', label: t['quality.avg'], value: num(q.avgStrength, 1) },
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

/**
 * The large quality table: per indicator, the share of bales in each grade (%) and the
 * main grade or the min / max / average; 备注 holds the Rd, +b, moisture and trash averages.
 */
export function QualityTable({ t, inspection }: QualityTableProps) {
  const groups = qualityGroups(t, inspection ?? {});
  return (
    <div className={styles.table} data-testid="quality-table" role="table">
      <div className={`${styles.row} ${styles.head}`} role="row">
        <div className={styles.title} role="columnheader">
          {t['quality.col.item']}
        </div>
        <div className={styles['head-cells']} role="columnheader">
          {t['quality.col.grades']}
        </div>
        <div className={styles['head-summary']} role="columnheader">
          {t['quality.col.summary']}
        </div>
      </div>
      {groups.map((group) => (
        <div className={styles.row} key={group.key} data-testid={`quality-${group.key}`} role="row">
          <div className={styles.title} role="rowheader">
            {group.title}
          </div>
          <div className={styles.cells}>
            {group.cells.map((cell) => (
              <div className={styles.cell} key={cell.key} data-testid={`quality-${cell.key}`} role="cell">
                <div className={styles.label}>{cell.label}</div>
                <div className={styles.value}>{cell.value}</div>
              </div>
            ))}
          </div>
          {group.summary.length > 0 && (
            <div className={styles.summary}>
              {group.summary.map((cell) => (
                <div className={styles.cell} key={cell.key} data-testid={`quality-${cell.key}`} role="cell">
                  <div className={styles.label}>{cell.label}</div>
                  <div className={styles['summary-value']}>{cell.value}</div>
                </div>
              ))}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
