import { useEffect, useRef, useState } from 'react';
import { Empty, Spin } from '@arco-design/web-react';
import { colorGradeName } from '@cotton/sdk/validators';
import type { GradeCount } from '@cotton/sdk/contracts';
import type { ReceiptLocale } from '../../locale/zh-CN';
import styles from './style/index.module.css';

type ChartModule = typeof import('./bar-chart');

let chartModule: Promise<ChartModule> | null = null;

/** The chart module, downloaded on first use (a separate chunk of the plugin build). */
export function loadChartModule(): Promise<ChartModule> {
  if (!chartModule) {
    chartModule = import('./bar-chart').catch((error: unknown) => {
      chartModule = null;
      throw error;
    });
  }
  return chartModule;
}

export interface ChartSpec {
  key: 'colorGrade' | 'length' | 'micronaire' | 'strength';
  title: string;
  data: GradeCount[];
  color: string;
}

export interface BatchChartsProps {
  t: ReceiptLocale;
  distributions: Partial<Record<ChartSpec['key'], GradeCount[]>> | null | undefined;
}

const COLORS: Record<ChartSpec['key'], string> = {
  colorGrade: '#165dff',
  length: '#14c9c9',
  micronaire: '#f7ba1e',
  strength: '#722ed1',
};

/** Bar charts (histograms of bale counts) of the batch's colour grade, length, micronaire and strength. */
export function BatchCharts({ t, distributions }: BatchChartsProps) {
  const [module, setModule] = useState<ChartModule | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    loadChartModule().then(
      (loaded) => current && setModule(loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);

  const specs: ChartSpec[] = [
    {
      key: 'colorGrade',
      title: t['batch.chart.colorGrade'],
      data: distributions?.colorGrade ?? [],
      color: COLORS.colorGrade,
    },
    { key: 'length', title: t['batch.chart.length'], data: distributions?.length ?? [], color: COLORS.length },
    {
      key: 'micronaire',
      title: t['batch.chart.micronaire'],
      data: distributions?.micronaire ?? [],
      color: COLORS.micronaire,
    },
    { key: 'strength', title: t['batch.chart.strength'], data: distributions?.strength ?? [], color: COLORS.strength },
  ];

  if (failed) {
    return (
      <div className={styles['chart-failed']} role="alert" data-testid="batch-charts-failed">
        {t['batch.chart.failed']}
      </div>
    );
  }
  if (!module) {
    return (
      <div className={styles['chart-loading']} data-testid="batch-charts-loading">
        <Spin tip={t['batch.chart.loading']} />
      </div>
    );
  }
  return (
    <div className={styles.charts} data-testid="batch-charts">
      {specs.map((spec) => (
        <BarChart key={spec.key} t={t} spec={spec} module={module} />
      ))}
    </div>
  );
}

function BarChart({ t, spec, module }: { t: ReceiptLocale; spec: ChartSpec; module: ChartModule }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const labels = spec.data.map((d) => (spec.key === 'colorGrade' ? (colorGradeName(d.grade) ?? d.grade) : d.grade));
  const counts = spec.data.map((d) => d.count);
  const dataKey = JSON.stringify([labels, counts]);

  useEffect(() => {
    if (!canvas.current || counts.length === 0) return undefined;
    return module.drawBarChart(canvas.current, {
      labels,
      counts,
      valueLabel: t['batch.chart.bales'],
      color: spec.color,
    });
    // `dataKey` stands for labels and counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [module, dataKey, spec.color, t]);

  return (
    <figure className={styles.chart} data-testid={`batch-chart-${spec.key}`}>
      <figcaption className={styles['chart-title']}>{spec.title}</figcaption>
      {counts.length === 0 ? (
        <Empty description={t['batch.chart.empty']} />
      ) : (
        <div className={styles['chart-canvas']}>
          <canvas ref={canvas} role="img" aria-label={spec.title} />
        </div>
      )}
    </figure>
  );
}
