import { useState } from 'react';
import { Alert, Button, Input, Tag } from '@arco-design/web-react';
import { IconDown, IconUp } from '@arco-design/web-react/icon';
import { LazySuspense, fillText, lazyPart } from '@cotton/sdk';
import type { ReceiptDicts } from '../../api';
import { RANGE_FILTER_KEYS, splitList } from '../../hooks/use-bid-url-state';
import type { BidUrlState, RangeFilterKey, TagFilterKey } from '../../hooks/use-bid-url-state';
import type { ReceiptLocale, ReceiptLocaleKey } from '../../locale/zh-CN';
import { RangeFilter } from './range-filter';
import type { SuggestSelectProps } from './suggest-select';

const loadPlaceControls = () => import('./place-controls');
const StoragePlaceCascader = lazyPart(
  () => loadPlaceControls().then((module) => module.StoragePlaceCascader),
  'StoragePlaceCascader',
);
const LazySuggestSelect = lazyPart(() => loadPlaceControls().then((module) => module.SuggestSelect), 'SuggestSelect');

/** A same-size stand-in while the place controls' module loads. */
function StandIn({ placeholder }: { placeholder: string }) {
  return <Input readOnly placeholder={placeholder} suffix={<IconDown />} />;
}

function SuggestSelect(props: SuggestSelectProps) {
  return (
    <LazySuspense fallback={<StandIn placeholder={props.placeholder} />}>
      <LazySuggestSelect {...props} />
    </LazySuspense>
  );
}
import styles from './style/index.module.css';

export type FilterValues = Pick<
  BidUrlState,
  TagFilterKey | RangeFilterKey | 'storagePlace' | 'whsName' | 'factoryName'
>;

export interface FilterPanelProps {
  t: ReceiptLocale;
  value: FilterValues;
  /** The dictionary options; `undefined` while they load or after a failure. */
  dicts: ReceiptDicts | undefined;
  /** Why the dictionaries could not be loaded (shown with 重试), else `null`. */
  dictsError: string | null;
  onRetryDicts: () => void;
  /** Applies a change of some filters (the page goes back to 1). */
  onChange: (patch: Partial<FilterValues>) => void;
  onClear: () => void;
  /** Whether 清空条件 has anything to clear (a filter or the search text). */
  clearable: boolean;
}

interface Option {
  code: string;
  label: string;
}

/** Tag groups in display order; the last two, with the sliders and selects, fold away. */
const VISIBLE_TAG_ROWS: TagFilterKey[] = [
  'productYear',
  'stockName',
  'processingMethod',
  'whsPickMode',
  'warehouseStatus',
  'origin',
  'colorGrade',
];
const FOLDED_TAG_ROWS: TagFilterKey[] = ['macronGrade', 'lengthGrade'];

/** The dictionary (数据字典) each tag row takes its options from. */
const ROW_DICTS: Record<TagFilterKey, keyof ReceiptDicts> = {
  productYear: 'PRODUCT_YEAR',
  stockName: 'STOCK_NAME',
  processingMethod: 'PROCESSING_METHOD',
  whsPickMode: 'PICK_MODE',
  warehouseStatus: 'WAREHOUSE_STATUS',
  origin: 'PRODUCING_AREA',
  colorGrade: 'COLOR_GRADE',
  macronGrade: 'MICRONAIRE_GRADE',
  lengthGrade: 'LENGTH_GRADE',
};

function optionsOf(key: TagFilterKey, dicts: ReceiptDicts | undefined): Option[] {
  return (dicts?.[ROW_DICTS[key]] ?? []).map(({ code, value }) => ({ code, label: value }));
}

/** True when a filter that lives in the folded rows is set (then the panel opens folded out). */
export function hasFoldedFilter(value: FilterValues): boolean {
  return (
    FOLDED_TAG_ROWS.some((key) => value[key] !== '') ||
    RANGE_FILTER_KEYS.some((key) => value[key] !== '') ||
    value.storagePlace !== '' ||
    value.whsName !== '' ||
    value.factoryName !== ''
  );
}

/**
 * The stock filter panel: clickable tag groups (several tags of a group may be chosen;
 * 不限 clears the group), range sliders, and warehouse / processing-unit suggestion
 * selects. Collapsed it shows the first seven rows; 展开更多 shows the four folded rows.
 */
export function FilterPanel({
  t,
  value,
  dicts,
  dictsError,
  onRetryDicts,
  onChange,
  onClear,
  clearable,
}: FilterPanelProps) {
  const [expanded, setExpanded] = useState(() => hasFoldedFilter(value));
  // On a phone (below 768 px) the whole panel folds behind one 筛选 button.
  const [phoneOpen, setPhoneOpen] = useState(false);

  const tagRow = (key: TagFilterKey) => {
    // Without the dictionaries their rows are left out rather than guessed (the alert says why).
    if (!dicts) return null;
    const selected = splitList(value[key]);
    const toggle = (code: string) => {
      const next = selected.includes(code) ? selected.filter((c) => c !== code) : [...selected, code];
      // Keep the options' order in the URL, so one choice is one URL.
      const order = optionsOf(key, dicts).map((o) => o.code);
      next.sort((a, b) => order.indexOf(a) - order.indexOf(b));
      onChange({ [key]: next.join(',') });
    };
    return (
      <div className={styles['filter-row']} key={key} data-testid={`filter-${key}`}>
        <div className={styles['filter-label']}>{t[`bid.filter.${key}` as ReceiptLocaleKey]}</div>
        <div className={styles['filter-options']}>
          <Tag
            checkable
            color="arcoblue"
            checked={selected.length === 0}
            onCheck={() => selected.length > 0 && onChange({ [key]: '' })}
            className={styles['filter-tag']}
            data-testid={`filter-${key}-all`}
          >
            {t['bid.filter.all']}
          </Tag>
          {optionsOf(key, dicts).map((option) => (
            <Tag
              key={option.code}
              checkable
              color="arcoblue"
              checked={selected.includes(option.code)}
              onCheck={() => toggle(option.code)}
              className={styles['filter-tag']}
              data-testid={`filter-${key}-${option.code}`}
              aria-pressed={selected.includes(option.code)}
              role="button"
            >
              {option.label}
            </Tag>
          ))}
        </div>
      </div>
    );
  };

  return (
    <div
      className={styles['filter-panel']}
      data-testid="bid-filter-panel"
      data-expanded={expanded}
      data-phone-open={phoneOpen}
    >
      <Button
        className={styles['filter-phone-toggle']}
        long
        onClick={() => setPhoneOpen((open) => !open)}
        aria-expanded={phoneOpen}
        data-testid="filter-phone-toggle"
      >
        {clearable ? t['bid.filter.phone.active'] : t['bid.filter.phone']}
        {phoneOpen ? <IconUp /> : <IconDown />}
      </Button>
      {dictsError !== null ? (
        <Alert
          type="error"
          className={styles['filter-error']}
          content={fillText(t['bid.filter.dictsFailed'], { reason: dictsError })}
          action={
            <Button size="mini" type="primary" onClick={onRetryDicts} data-testid="filter-dicts-retry">
              {t['bid.filter.retry']}
            </Button>
          }
          data-testid="filter-dicts-error"
        />
      ) : null}
      {VISIBLE_TAG_ROWS.map(tagRow)}
      {expanded && (
        <>
          {FOLDED_TAG_ROWS.map(tagRow)}
          <div className={styles['filter-row']} data-testid="filter-indicators">
            <div className={styles['filter-label']}>{t['bid.filter.indicators']}</div>
            <div className={styles['filter-grid']}>
              {RANGE_FILTER_KEYS.map((key) => (
                <div className={styles['filter-col']} key={key}>
                  <RangeFilter
                    field={key}
                    label={t[`bid.filter.${key}` as ReceiptLocaleKey]}
                    value={value[key]}
                    onCommit={(next) => onChange({ [key]: next })}
                  />
                </div>
              ))}
            </div>
          </div>
          <div className={styles['filter-row']} data-testid="filter-place">
            <div className={styles['filter-label']}>{t['bid.filter.place']}</div>
            <div className={styles['filter-grid']}>
              <div className={styles['filter-col']} data-testid="filter-storagePlace">
                <div className={styles['select-label']}>{t['bid.filter.storagePlace']}</div>
                <LazySuspense fallback={<StandIn placeholder={t['bid.filter.storagePlace.placeholder']} />}>
                  <StoragePlaceCascader
                    maxLevel={2}
                    multiple
                    allowClear
                    value={splitList(value.storagePlace)}
                    onChange={(codes?: string[]) => onChange({ storagePlace: (codes ?? []).join(',') })}
                    placeholder={t['bid.filter.storagePlace.placeholder']}
                  />
                </LazySuspense>
              </div>
              <div className={styles['filter-col']}>
                <div className={styles['select-label']}>{t['bid.filter.whsName']}</div>
                <SuggestSelect
                  field="whsName"
                  value={value.whsName}
                  onChange={(whsName) => onChange({ whsName })}
                  placeholder={t['bid.filter.whsName.placeholder']}
                  emptyText={t['bid.filter.suggest.empty']}
                  failedText={t['bid.filter.suggest.failed']}
                  data-testid="filter-whsName"
                />
              </div>
              <div className={styles['filter-col']}>
                <div className={styles['select-label']}>{t['bid.filter.factoryName']}</div>
                <SuggestSelect
                  field="factoryName"
                  value={value.factoryName}
                  onChange={(factoryName) => onChange({ factoryName })}
                  placeholder={t['bid.filter.factoryName.placeholder']}
                  emptyText={t['bid.filter.suggest.empty']}
                  failedText={t['bid.filter.suggest.failed']}
                  data-testid="filter-factoryName"
                />
              </div>
            </div>
          </div>
        </>
      )}
      <div className={styles['filter-actions']}>
        <Button
          type="text"
          size="small"
          onClick={() => setExpanded((open) => !open)}
          data-testid="filter-toggle"
          aria-expanded={expanded}
        >
          {expanded ? t['bid.filter.less'] : t['bid.filter.more']}
          {expanded ? <IconUp /> : <IconDown />}
        </Button>
        <Button type="text" size="small" onClick={onClear} disabled={!clearable} data-testid="filter-clear">
          {t['bid.filter.clear']}
        </Button>
      </div>
    </div>
  );
}
