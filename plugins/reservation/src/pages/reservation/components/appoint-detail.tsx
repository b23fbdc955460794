import { Button, Empty, Table } from '@arco-design/web-react';
import { IconArrowLeft } from '@arco-design/web-react/icon';
import { useQuery } from '@cotton/sdk';
import { queryAppointDetail } from '../../../api';
import { RESERVATION_URL_INVALID } from '../../../hooks/use-reservation-url-state';
import type { AppointDetailRow } from '@cotton/sdk/contracts';
import type { ReservationArea } from '../../../api';
import { formatTonnes } from '../house';
import type { ReservationLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

export interface AppointDetailViewProps {
  t: ReservationLocale;
  area: ReservationArea;
  whsCode: string;
  whsName: string;
  appointDate: string;
  onBack: () => void;
}

/** View 2: the batches booked at one warehouse for one day. */
export function AppointDetailView({ t, area, whsCode, whsName, appointDate, onBack }: AppointDetailViewProps) {
  const { data, loading } = useQuery(
    () => queryAppointDetail(area, { whsCode, whsName, appointDate }),
    [area, whsCode, whsName, appointDate],
    { badRequestMessage: RESERVATION_URL_INVALID },
  );
  const rows = data?.appointList ?? [];
  const total = rows.reduce((sum, row) => sum + row.weight, 0);

  const columns = [
    { title: t['reservation.detail.column.batchNumber'], dataIndex: 'batchNumber', width: 140, fixed: 'left' as const },
    { title: t['reservation.detail.column.factoryName'], dataIndex: 'factoryName' },
    { title: t['reservation.detail.column.stockName'], dataIndex: 'stockName', width: 100 },
    { title: t['reservation.detail.column.whsPickMode'], dataIndex: 'whsPickMode', width: 110 },
    { title: t['reservation.detail.column.productYear'], dataIndex: 'productYear', width: 100 },
    {
      title: t['reservation.detail.column.weight'],
      dataIndex: 'weight',
      width: 120,
      align: 'right' as const,
      render: (value: number) => value.toFixed(3),
    },
    { title: t['reservation.detail.column.quantity'], dataIndex: 'quantity', width: 90, align: 'right' as const },
  ];

  return (
    <div className={styles.container} data-testid="reservation-detail">
      <div className={styles['detail-header']}>
        <Button
          type="text"
          shape="circle"
          icon={<IconArrowLeft />}
          onClick={onBack}
          aria-label={t['reservation.detail.back']}
          data-testid="reservation-back"
        />
        <h5 className={styles['detail-title']} data-testid="reservation-detail-name">
          {/* The server's name of the warehouse: the URL's `whsName` is only what the link said. */}
          {data?.whsName || whsCode}
        </h5>
        <span className={styles['detail-date']} data-testid="reservation-detail-date">
          {t['reservation.detail.date']}
          {appointDate}
        </span>
      </div>
      {rows.length > 0 && (
        <div className={styles['detail-summary']} data-testid="reservation-detail-summary">
          {t['reservation.detail.summary']
            .replace('{count}', String(rows.length))
            .replace('{weight}', formatTonnes(Math.round(total * 1000) / 1000))}
        </div>
      )}
      <div data-testid="reservation-detail-table" className={styles['detail-table']}>
        <Table<AppointDetailRow>
          rowKey="batchNumber"
          columns={columns}
          data={rows}
          loading={loading}
          pagination={false}
          border={{ wrapper: true, cell: true }}
          scroll={{ x: 760 }}
          noDataElement={<Empty description={t['reservation.empty']} />}
        />
      </div>
    </div>
  );
}
