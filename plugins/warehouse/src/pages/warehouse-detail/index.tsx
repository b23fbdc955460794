import { Button, Descriptions, Empty, Spin, Table } from '@arco-design/web-react';
import { IconEmpty, IconExclamationCircle, IconLeft } from '@arco-design/web-react/icon';
import { ApiError, canRetry, useQuery } from '@cotton/sdk';
import { queryWhsDetail, queryWhsDicts } from '../../api';
import type { WhsDetail } from '@cotton/sdk/contracts';
import type { WhsDicts } from '../../api';
import { WAREHOUSE_URL_INVALID, useWarehouseUrlState } from '../../hooks/use-warehouse-url-state';
import { baseItems, bizItems, contactItems, feeItems, getFreightColumns } from './columns';
import type { DescriptionItem } from './columns';
import locale from './locale/zh-CN';
import { StatusPanel } from './status-panel';
import styles from './style/index.module.css';

export interface WarehouseDetailProps {
  /** Warehouse code; defaults to `whsCode` in the URL query. */
  whsCode?: string;
  /** What 返回列表 does; defaults to dropping `whsCode` from the URL (back to the list view). */
  onBack?: () => void;
}

// 140 px, narrower on a phone so the value keeps room.
const LABEL_STYLE = { width: 'clamp(88px, 28vw, 140px)' };
const VALUE_STYLE = { wordBreak: 'break-all' as const };
const DESCRIPTION_COLUMNS = { xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 3 };

function Section({ id, title, items }: { id: string; title: string; items: DescriptionItem[] }) {
  return (
    <section className={styles.section} data-testid={`warehouse-section-${id}`}>
      <Descriptions
        title={title}
        data={items}
        column={DESCRIPTION_COLUMNS}
        border
        labelStyle={LABEL_STYLE}
        valueStyle={VALUE_STYLE}
      />
    </section>
  );
}

/** An unknown code is shown by the 未找到该仓库 result, not by a toast as well. */
function quietNotFound(error: unknown): never {
  if (error instanceof ApiError && error.code === '404' && !error.handled) {
    throw new ApiError(error.code, error.message, true);
  }
  throw error;
}

/** Detail of one public warehouse: basic, business, contact and fee sections, then its freight yards. */
export function WarehouseDetail(props: WarehouseDetailProps) {
  const t = locale;
  const [state, update] = useWarehouseUrlState();
  const whsCode = props.whsCode ?? state.whsCode;
  const onBack = props.onBack ?? (() => update({ whsCode: '' }));

  const { data, loading, error, reload } = useQuery<{ detail: WhsDetail; dicts: WhsDicts } | null>(
    () =>
      whsCode
        ? Promise.all([queryWhsDetail(whsCode).catch(quietNotFound), queryWhsDicts()]).then(([detail, dicts]) => ({
            detail,
            dicts,
          }))
        : Promise.resolve(null),
    [whsCode],
    { badRequestMessage: WAREHOUSE_URL_INVALID },
  );

  const back = (
    <Button type="text" icon={<IconLeft />} onClick={onBack} className={styles.back} data-testid="warehouse-back">
      {t['warehouseDetail.back']}
    </Button>
  );

  const notFound = !whsCode || (error instanceof ApiError && error.code === '404');
  if (!loading && notFound) {
    return (
      <div className={styles.container} data-testid="warehouse-detail">
        <StatusPanel
          status="notFound"
          icon={<IconEmpty />}
          title={t['warehouseDetail.notFound.title']}
          message={whsCode ? (error as ApiError).message : t['warehouseDetail.notFound.missingCode']}
          actions={
            <Button type="primary" onClick={onBack}>
              {t['warehouseDetail.back']}
            </Button>
          }
        />
      </div>
    );
  }

  if (!loading && error) {
    return (
      <div className={styles.container} data-testid="warehouse-detail">
        <StatusPanel
          status="error"
          icon={<IconExclamationCircle />}
          title={t['warehouseDetail.error.title']}
          // The server's words for its own trouble; a refused request in the page's words.
          message={canRetry(error) ? error.message : t['warehouseDetail.error.invalid']}
          actions={
            <>
              {/* 重试 only where trying again may succeed (network, 5xx), never for a refusal. */}
              {canRetry(error) && (
                <Button type="primary" onClick={() => reload()}>
                  {t['warehouseDetail.error.retry']}
                </Button>
              )}
              <Button type={canRetry(error) ? 'secondary' : 'primary'} onClick={onBack}>
                {t['warehouseDetail.back']}
              </Button>
            </>
          }
        />
      </div>
    );
  }

  const info = data?.detail.whsInfo;
  const dicts = data?.dicts;
  // Freight yards have no id of their own; their position is their key.
  const freights = (info?.anonWhsFreightVos ?? []).map((row, index) => ({ ...row, key: index }));

  return (
    <div className={styles.container} data-testid="warehouse-detail">
      <div className={styles.header}>
        {back}
        <h4 className={styles.title}>{info?.anonWhsBaseVo?.warehouseName || whsCode}</h4>
      </div>
      <Spin loading={loading} block>
        {info && dicts ? (
          <>
            <Section id="base" title={t['warehouseDetail.section.base']} items={baseItems(t, info.anonWhsBaseVo)} />
            <Section id="biz" title={t['warehouseDetail.section.biz']} items={bizItems(t, info.anonWhsBizVo, dicts)} />
            <Section
              id="contact"
              title={t['warehouseDetail.section.contact']}
              items={contactItems(t, info.anonWhsContactVo)}
            />
            <Section id="fee" title={t['warehouseDetail.section.fee']} items={feeItems(t, info.anonWhsFeeVo)} />
            <p className={styles['fee-note']} data-testid="warehouse-fee-note">
              {t['warehouseDetail.fee.note']}
            </p>
            <section className={styles.section} data-testid="warehouse-freight-table">
              <h6 className={styles['section-title']}>{t['warehouseDetail.section.freight']}</h6>
              <Table
                rowKey="key"
                columns={getFreightColumns(t, dicts)}
                data={freights}
                pagination={false}
                border={{ wrapper: true, cell: true }}
                noDataElement={<Empty description={t['warehouseDetail.freight.empty']} />}
              />
            </section>
          </>
        ) : (
          <div className={styles.placeholder} />
        )}
      </Spin>
    </div>
  );
}
