import { Button, Descriptions, Spin } from '@arco-design/web-react';
import { IconEmpty, IconExclamationCircle } from '@arco-design/web-react/icon';
import { ApiError, DASH, canRetry, dash, fillText, formatDate, formatNumber, useQuery } from '@cotton/sdk';
import { Link, useSearchParams } from 'react-router-dom';
import { BATCH_NUMBER_PATTERN as BATCH_NUMBER } from '@cotton/sdk/validators';
import { loadBatch } from '../../api/batch';
import type { ReceiptItem } from '@cotton/sdk/contracts';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { QualityTable } from '../../components/quality-table';
import { StatusPanel } from '../../components/status-panel';
import locale from '../../locale/zh-CN';
import type { ReceiptLocale } from '../../locale/zh-CN';
import styles from './style/index.module.css';

const DESCRIPTION_COLUMNS = { xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 3 };

function date(value: string | null | undefined): string {
  return value ? formatDate(value) : DASH;
}

/** The summary fields of spec §3 "Warehouse receipt (detail)", dashes for missing values. */
export function summaryItems(t: ReceiptLocale, r: Partial<ReceiptItem> | null) {
  const item = r ?? {};
  const n = (value: number | null | undefined, digits: number) => formatNumber(value, digits);
  const rows: Array<[keyof ReceiptItem, string]> = [
    ['whsName', dash(item.whsName)],
    ['machineDate', date(item.machineDate)],
    ['placeName', dash(item.placeName)],
    ['warehouseReceiptNumber', dash(item.warehouseReceiptNumber)],
    ['batchNumber', dash(item.batchNumber)],
    ['inspectDate', date(item.inspectDate)],
    ['inspectCompany', dash(item.inspectCompany)],
    ['factoryName', dash(item.factoryName)],
    ['storageWs', dash(item.storageWs)],
    ['processingMethod', dash(item.processingMethod)],
    ['whsPickMode', dash(item.whsPickMode)],
    ['stockName', dash(item.stockName)],
    ['productYear', dash(item.productYear)],
    ['warehouseStatus', dash(item.warehouseStatus)],
    ['quantity', n(item.quantity, 0)],
    ['conditionedWeight', n(item.conditionedWeight, 3)],
    ['netWeight', n(item.netWeight, 3)],
    ['roughWeight', n(item.roughWeight, 3)],
    ['dirty', n(item.dirty, 1)],
    ['moistureRegain', n(item.moistureRegain, 1)],
    ['tidyAvg', n(item.tidyAvg, 1)],
  ];
  return rows.map(([key, value]) => ({
    key,
    label: t[`detail.field.${key}` as keyof ReceiptLocale],
    value: <span data-testid={`detail-${key}`}>{value}</span>,
  }));
}

/** Warehouse receipt detail (`/bid/detail?batchNumber=`): summary fields and the quality table. */
export function ReceiptDetail() {
  const t = locale;
  const [params] = useSearchParams();
  const asked = (params.get('batchNumber') ?? '').trim();
  // A batch number the server would refuse (an edited link) is never requested: the page
  // says so plainly, as for a link naming no batch.
  const urlInvalid = asked !== '' && !BATCH_NUMBER.test(asked);
  const batchNumber = urlInvalid ? '' : asked;
  const { data, loading, error, reload } = useQuery(
    () =>
      batchNumber
        ? loadBatch(batchNumber, fillText(t['detail.notFound.noReceipt'], { batch: batchNumber }))
        : Promise.resolve(null),
    [batchNumber],
    { badRequestMessage: t['detail.error.invalid'] },
  );

  const crumbs = (
    <PageBreadcrumb
      items={[
        { title: t['breadcrumb.home'], to: '/home' },
        { title: t['breadcrumb.bid'], to: '/bid' },
        { title: t['breadcrumb.detail'] },
      ]}
    />
  );
  const backToList = (
    <Link to="/bid">
      <Button type="primary">{t['detail.back']}</Button>
    </Link>
  );

  let body;
  if (!batchNumber || (!loading && error instanceof ApiError && error.code === '404')) {
    body = (
      <StatusPanel
        status="notFound"
        icon={<IconEmpty />}
        title={t['detail.notFound']}
        message={batchNumber ? error?.message : urlInvalid ? t['detail.error.invalid'] : t['detail.notFound.missing']}
        actions={backToList}
        data-testid="detail-not-found"
      />
    );
  } else if (!loading && error) {
    body = (
      <StatusPanel
        status="error"
        icon={<IconExclamationCircle />}
        title={t['detail.error']}
        // The server's words for its own trouble; a refused request in the page's words.
        message={canRetry(error) ? error.message : t['detail.error.invalid']}
        actions={
          <>
            {/* 重试 only where trying again may succeed (network, 5xx). */}
            {canRetry(error) && (
              <Button type="primary" onClick={reload}>
                {t['detail.retry']}
              </Button>
            )}
            {backToList}
          </>
        }
        data-testid="detail-error"
      />
    );
  } else {
    body = (
      <Spin loading={loading} className={styles.body}>
        <section className={styles.section} data-testid="detail-summary">
          <div className={styles['section-head']}>
            <h6 className={styles['section-title']}>{t['detail.summary']}</h6>
            <Link
              to={`/batchQuality?batchNumber=${encodeURIComponent(batchNumber)}`}
              className={styles.link}
              data-testid="detail-batch-quality"
            >
              {t['detail.batchQuality']}
            </Link>
          </div>
          <Descriptions
            data={summaryItems(t, data?.receipt ?? null)}
            column={DESCRIPTION_COLUMNS}
            border
            labelStyle={{ width: 'clamp(88px, 28vw, 140px)' }}
          />
        </section>
        <section className={styles.section}>
          <h6 className={styles['section-title']}>{t['detail.quality']}</h6>
          <QualityTable t={t} inspection={data?.inspection ?? null} />
        </section>
      </Spin>
    );
  }

  return (
    <div className={styles.container} data-testid="receipt-detail">
      {crumbs}
      <h5 className={styles.title}>
        {t['detail.title']}
        {batchNumber ? <span className={styles.batch}>{batchNumber}</span> : null}
      </h5>
      {body}
    </div>
  );
}
