import { useEffect, useState } from 'react';
import { Button, Descriptions, Input, Message, Spin, Tabs } from '@arco-design/web-react';
import { IconEmpty, IconExclamationCircle, IconSearch } from '@arco-design/web-react/icon';
import {
  ApiError,
  DASH,
  canRetry,
  dash,
  fillText,
  formatDate,
  formatNumber,
  renderTabListHeader,
  useQuery,
} from '@cotton/sdk';
import { colorGradeName } from '@cotton/sdk/validators';
import { useSearchParams } from 'react-router-dom';
import { BATCH_NUMBER_PATTERN as BATCH_NUMBER } from '@cotton/sdk/validators';
import { loadBatch } from '../../api/batch';
import type { BatchData } from '../../api/batch';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { QualityTable } from '../../components/quality-table';
import { StatusPanel } from '../../components/status-panel';
import locale from '../../locale/zh-CN';
import type { ReceiptLocale, ReceiptLocaleKey } from '../../locale/zh-CN';
import { BatchCharts } from './charts';
import styles from './style/index.module.css';

const DESCRIPTION_COLUMNS = { xs: 1, sm: 2, md: 2, lg: 3, xl: 4, xxl: 4 };
const NOTE_KEYS: ReceiptLocaleKey[] = ['batch.note.1', 'batch.note.2', 'batch.note.3', 'batch.note.4', 'batch.note.5'];

type Item = { label: string; value: string; key: string };

function n(value: number | null | undefined, digits: number): string {
  return formatNumber(value, digits);
}

/** The warehouse record's rows (blanks as --). */
export function warehouseItems(t: ReceiptLocale, data: BatchData): Item[] {
  const r = data.receipt;
  const rows: Array<[string, string, string]> = [
    ['batchNumber', t['detail.field.batchNumber'], dash(r?.batchNumber)],
    ['warehouseReceiptNumber', t['detail.field.warehouseReceiptNumber'], dash(r?.warehouseReceiptNumber)],
    ['whsName', t['detail.field.whsName'], dash(r?.whsName)],
    ['factoryName', t['detail.field.factoryName'], dash(r?.factoryName)],
    ['placeName', t['detail.field.placeName'], dash(r?.placeName)],
    ['productYear', t['detail.field.productYear'], dash(r?.productYear)],
    ['stockName', t['detail.field.stockName'], dash(r?.stockName)],
    ['processingMethod', t['detail.field.processingMethod'], dash(r?.processingMethod)],
    ['whsPickMode', t['detail.field.whsPickMode'], dash(r?.whsPickMode)],
    ['warehouseStatus', t['detail.field.warehouseStatus'], dash(r?.warehouseStatus)],
    ['quantity', t['detail.field.quantity'], n(r?.quantity, 0)],
    ['roughWeight', t['detail.field.roughWeight'], n(r?.roughWeight, 3)],
    ['conditionedWeight', t['detail.field.conditionedWeight'], n(r?.conditionedWeight, 3)],
    ['moistureRegain', t['detail.field.moistureRegain'], n(r?.moistureRegain, 1)],
    ['dirty', t['detail.field.dirty'], n(r?.dirty, 1)],
  ];
  return rows.map(([key, label, value]) => ({ key, label, value }));
}

/** The inspection record's rows (blanks as --). */
export function inspectionItems(t: ReceiptLocale, data: BatchData): Item[] {
  const q = data.inspection;
  const rows: Array<[string, string, string]> = [
    ['inspectDate', t['detail.field.inspectDate'], q?.inspectDate ? formatDate(q.inspectDate) : DASH],
    ['inspectCompany', t['detail.field.inspectCompany'], dash(q?.inspectCompany)],
    ['packetNum', t['quality.packetNum'], n(q?.packetNum, 0)],
    ['grossWeight', t['batch.summary.grossWeight'], n(q?.grossWeight, 3)],
    ['tareWeight', t['batch.summary.tareWeight'], n(q?.tareWeight, 3)],
    ['netWeight', t['batch.summary.netWeight'], n(q?.netWeight, 3)],
    ['pubWeight', t['batch.summary.pubWeight'], n(q?.pubWeight, 3)],
    ['moistureRate', t['quality.moisture'], n(q?.moistureRate, 1)],
    ['impurityRate', t['quality.impurity'], n(q?.impurityRate, 1)],
    [
      'mainColorGrade',
      t['batch.summary.mainColor'],
      q ? (colorGradeName(q.mainColorGrade) ?? t['quality.noMainColor']) : DASH,
    ],
    [
      'mainLength',
      t['batch.summary.mainLength'],
      q ? (q.mainLength === null ? t['quality.noMainLength'] : n(q.mainLength, 0)) : DASH,
    ],
    ['avgLength', t['batch.summary.avgLength'], n(q?.avgLength, 1)],
    ['mainMicronaire', t['batch.summary.mainMicronaire'], q ? q.mainMicronaire || t['quality.noMainMicronaire'] : DASH],
    ['avgMicronaire', t['batch.summary.avgMicronaire'], n(q?.avgMicronaire, 2)],
    ['avgUniformity', t['batch.summary.avgUniformity'], n(q?.avgUniformity, 1)],
    ['avgStrength', t['batch.summary.avgStrength'], n(q?.avgStrength, 1)],
    ['avgRd', t['quality.avgRd'], n(q?.avgRd, 1)],
    ['avgPlusB', t['quality.avgPlusB'], n(q?.avgPlusB, 1)],
  ];
  return rows.map(([key, label, value]) => ({ key, label, value }));
}

function toDescriptions(items: Item[], prefix: string) {
  return items.map(({ key, label, value }) => ({
    key,
    label,
    value: <span data-testid={`${prefix}-${key}`}>{value}</span>,
  }));
}

/**
 * Batch quality summary (`/batchQuality?batchNumber=`): 汇总表 (the warehouse record,
 * the inspection record, the grade shares and five notes) and 分布图 (bar charts; the
 * chart library is downloaded only when that tab is first opened). Reloads when the
 * batch in the URL changes.
 */
export function BatchQuality() {
  const t = locale;
  const [params, setParams] = useSearchParams();
  const asked = (params.get('batchNumber') ?? '').trim();
  // A batch number the server would refuse (an edited link) is never requested nor echoed
  // into the search box: it leaves the URL and the page asks for one, once, in plain words.
  const urlInvalid = asked !== '' && !BATCH_NUMBER.test(asked);
  const batchNumber = urlInvalid ? '' : asked;
  useEffect(() => {
    if (!urlInvalid) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('batchNumber');
        return next;
      },
      { replace: true },
    );
    Message.warning({ id: 'cotton-invalid-url', content: t['batch.urlInvalid'] });
  }, [urlInvalid, setParams, t]);
  const [tab, setTab] = useState('summary');
  const [text, setText] = useState(batchNumber);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(batchNumber);
    setInvalid(false);
  }, [batchNumber]);

  const { data, loading, error, reload } = useQuery(
    () =>
      batchNumber
        ? loadBatch(batchNumber, fillText(t['detail.notFound.noReceipt'], { batch: batchNumber }))
        : Promise.resolve(null),
    [batchNumber],
    { badRequestMessage: t['batch.error.invalid'] },
  );

  const search = (value: string) => {
    const batch = value.trim();
    if (!BATCH_NUMBER.test(batch)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setParams({ batchNumber: batch });
  };

  let body;
  if (!batchNumber) {
    // Nothing asked yet: a prompt, not 未找到该批号.
    body = (
      <StatusPanel
        status="prompt"
        icon={<IconSearch />}
        title={t['batch.prompt']}
        message={t['batch.missing']}
        data-testid="batch-prompt"
      />
    );
  } else if (!loading && error instanceof ApiError && error.code === '404') {
    body = (
      <StatusPanel
        status="notFound"
        icon={<IconEmpty />}
        title={t['batch.notFound']}
        message={error.message}
        data-testid="batch-not-found"
      />
    );
  } else if (!loading && error) {
    body = (
      <StatusPanel
        status="error"
        icon={<IconExclamationCircle />}
        title={t['batch.error']}
        // The server's words for its own trouble; a refused request in the page's words.
        message={canRetry(error) ? error.message : t['batch.error.invalid']}
        // 重试 only where trying again may succeed (network, 5xx).
        actions={
          canRetry(error) ? (
            <Button type="primary" onClick={reload}>
              {t['detail.retry']}
            </Button>
          ) : undefined
        }
        data-testid="batch-error"
      />
    );
  } else {
    const batch = data ?? { receipt: null, inspection: null };
    body = (
      <Spin loading={loading} className={styles.body}>
        <Tabs activeTab={tab} onChange={setTab} lazyload renderTabHeader={renderTabListHeader} data-testid="batch-tabs">
          <Tabs.TabPane key="summary" title={t['batch.tab.summary']}>
            <div data-testid="batch-summary">
              <Descriptions
                title={t['batch.summary.warehouse']}
                data={toDescriptions(warehouseItems(t, batch), 'batch-whs')}
                column={DESCRIPTION_COLUMNS}
                border
                className={styles.section}
              />
              <Descriptions
                title={t['batch.summary.inspection']}
                data={toDescriptions(inspectionItems(t, batch), 'batch-insp')}
                column={DESCRIPTION_COLUMNS}
                border
                className={styles.section}
              />
              <div className={styles.section}>
                <QualityTable t={t} inspection={batch.inspection} />
              </div>
              <div className={styles.notes} data-testid="batch-notes">
                <h6 className={styles['notes-title']}>{t['batch.notes.title']}</h6>
                <ol className={styles['notes-list']}>
                  {NOTE_KEYS.map((key) => (
                    <li key={key}>{t[key]}</li>
                  ))}
                </ol>
              </div>
            </div>
          </Tabs.TabPane>
          <Tabs.TabPane key="charts" title={t['batch.tab.charts']}>
            {tab === 'charts' && <BatchCharts t={t} distributions={batch.inspection?.distributions} />}
          </Tabs.TabPane>
        </Tabs>
      </Spin>
    );
  }

  return (
    <div className={styles.container} data-testid="batch-quality">
      <PageBreadcrumb
        items={[
          { title: t['breadcrumb.home'], to: '/home' },
          { title: t['breadcrumb.bid'], to: '/bid' },
          { title: t['breadcrumb.batchQuality'] },
        ]}
      />
      <div className={styles.head}>
        <h5 className={styles.title}>
          {t['batch.title']}
          {batchNumber ? <span className={styles.batch}>{batchNumber}</span> : null}
        </h5>
        <div className={styles.search} data-testid="batch-search">
          <Input.Search
            value={text}
            onChange={setText}
            maxLength={11}
            placeholder={t['batch.search.placeholder']}
            searchButton={t['batch.search.button']}
            onSearch={search}
            status={invalid ? 'error' : undefined}
          />
          {invalid && (
            <div className={styles.invalid} role="alert">
              {t['batch.search.invalid']}
            </div>
          )}
        </div>
      </div>
      {body}
    </div>
  );
}
