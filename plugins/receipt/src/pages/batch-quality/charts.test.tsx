import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import locale from '../../locale/zh-CN';
import { BatchCharts } from './charts';

// The chart chunk cannot be downloaded (network, integrity): its import rejects.
vi.mock('./bar-chart', () => {
  throw new Error('Error loading /plugins/receipt/receipt.bar-chart.00000000.js');
});

afterEach(cleanup);

describe('BatchCharts', () => {
  it('says so when the chart module cannot be loaded', async () => {
    render(<BatchCharts t={locale} distributions={{ length: [{ grade: '28', count: 3 }] }} />);
    expect(screen.getByTestId('batch-charts-loading')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('图表加载失败');
    expect(screen.queryByTestId('batch-charts')).not.toBeInTheDocument();
  });
});
