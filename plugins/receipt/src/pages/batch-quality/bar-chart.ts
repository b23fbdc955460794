// The chart library, imported only from here; `charts.tsx` loads this module with a
// dynamic import(), so the plugin build puts Chart.js in its own chunk that only the
// 分布图 tab of /batchQuality downloads. Only the bar chart parts are registered.
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface BarChartData {
  labels: string[];
  counts: number[];
  /** Axis title of the counts, e.g. 包数. */
  valueLabel: string;
  color: string;
}

/** Draws a histogram into `canvas`; returns what removes it again. */
export function drawBarChart(canvas: HTMLCanvasElement, data: BarChartData): () => void {
  const chart = new Chart(canvas, {
    type: 'bar',
    data: {
      labels: data.labels,
      datasets: [
        {
          label: data.valueLabel,
          data: data.counts,
          backgroundColor: data.color,
          borderRadius: 2,
          categoryPercentage: 0.9,
          barPercentage: 0.9,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { tooltip: { enabled: true } },
      scales: {
        x: { grid: { display: false } },
        y: {
          beginAtZero: true,
          ticks: { precision: 0 },
          title: { display: true, text: data.valueLabel },
        },
      },
    },
  });
  return () => chart.destroy();
}
