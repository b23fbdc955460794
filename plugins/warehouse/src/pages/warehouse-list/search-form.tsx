import { useEffect, useRef, useState } from 'react';
import { Button } from '@arco-design/web-react';
import { IconDown, IconRefresh, IconSearch, IconUp } from '@arco-design/web-react/icon';
import { LightField, LightInput, LightSearchForm, LightSelect, fetchDictList, useQuery } from '@cotton/sdk';
import type { WarehouseListLocale } from './locale/zh-CN';
import { ProvinceSelect } from './province-select';
import styles from './style/index.module.css';

/** The dictionary the 区域类型 options come from (server/src/seed/dictionaries.ts). */
export const AREA_TYPE_DICT = 'WAREHOUSE_AREA_TYPE';

/** Filters as kept in the URL: plain strings, '' when unset. */
export interface WarehouseSearchValues {
  warehouseName: string;
  regionProviceCode: string;
  warehouseAreaType: string;
}

interface FormValues {
  warehouseName?: string;
  regionProviceCodes?: string[];
  warehouseAreaType?: string;
}

export interface SearchFormProps {
  t: WarehouseListLocale;
  /** The filters currently applied (from the URL); the form follows them. */
  value: WarehouseSearchValues;
  onSearch: (values: WarehouseSearchValues) => void;
  onReset: () => void;
}

function toFormValues(value: WarehouseSearchValues): FormValues {
  return {
    warehouseName: value.warehouseName || undefined,
    regionProviceCodes: value.regionProviceCode ? value.regionProviceCode.split(',').filter(Boolean) : [],
    warehouseAreaType: value.warehouseAreaType || undefined,
  };
}

/** Turns the form's values into the URL filters (province codes comma-joined). */
export function toSearchValues(values: FormValues): WarehouseSearchValues {
  return {
    warehouseName: values.warehouseName?.trim() ?? '',
    regionProviceCode: (values.regionProviceCodes ?? []).join(','),
    warehouseAreaType: values.warehouseAreaType ?? '',
  };
}

export function SearchForm({ t, value, onSearch, onReset }: SearchFormProps) {
  const { warehouseName, regionProviceCode, warehouseAreaType } = value;
  // What the fields show: the applied filters until the visitor changes them.
  const [draft, setDraft] = useState<FormValues>(() => toFormValues(value));
  // On a phone (below 768 px) the form folds behind one 筛选 button.
  const [phoneOpen, setPhoneOpen] = useState(false);
  const filtered = Boolean(warehouseName || regionProviceCode || warehouseAreaType);

  // Follow the URL (back button, reload, reset): the applied filters are the form's values.
  const applied = useRef(`${warehouseName}\n${regionProviceCode}\n${warehouseAreaType}`);
  useEffect(() => {
    const key = `${warehouseName}\n${regionProviceCode}\n${warehouseAreaType}`;
    if (key === applied.current) return;
    applied.current = key;
    setDraft(toFormValues({ warehouseName, regionProviceCode, warehouseAreaType }));
  }, [warehouseName, regionProviceCode, warehouseAreaType]);

  // The area types are the 数据字典's (WAREHOUSE_AREA_TYPE): a rename or a new type there shows
  // here within seconds (the SDK keeps a list 5 s, the server answers from its cache dropped
  // on every change). Without the list the select offers nothing rather than guessed names.
  const areaTypes = useQuery(() => fetchDictList(AREA_TYPE_DICT), [], { silent: true });
  const areaOptions = (areaTypes.data ?? []).map((item) => ({ label: item.value, value: item.code }));

  return (
    <div className={styles['search-form-wrapper']} data-testid="warehouse-search-form" data-phone-open={phoneOpen}>
      <Button
        className={styles['phone-toggle']}
        long
        onClick={() => setPhoneOpen((open) => !open)}
        aria-expanded={phoneOpen}
        data-testid="warehouse-filter-toggle"
      >
        {filtered ? t['warehouseList.form.phoneToggle.active'] : t['warehouseList.form.phoneToggle']}
        {phoneOpen ? <IconUp /> : <IconDown />}
      </Button>
      {/* Plain elements (issue 30): Arco's Form cost a phone's CPU more than it gave here. */}
      <LightSearchForm
        aria-label={t['warehouseList.title']}
        className={styles['search-form']}
        onSubmit={() => {
          setPhoneOpen(false);
          onSearch(toSearchValues(draft));
        }}
      >
        <LightField className={styles['form-item']} label={t['warehouseList.form.warehouseName']}>
          {(id) => (
            <LightInput
              id={id}
              allowClear
              maxLength={50}
              value={draft.warehouseName ?? ''}
              onChange={(text) => setDraft((d) => ({ ...d, warehouseName: text || undefined }))}
              placeholder={t['warehouseList.form.warehouseName.placeholder']}
              className={styles['field-name']}
            />
          )}
        </LightField>
        <LightField className={styles['form-item']} label={t['warehouseList.form.regionProviceCode']}>
          {(id) => (
            <ProvinceSelect
              id={id}
              t={t}
              value={draft.regionProviceCodes ?? []}
              onChange={(codes) => setDraft((d) => ({ ...d, regionProviceCodes: codes }))}
              className={styles['field-province']}
            />
          )}
        </LightField>
        <LightField className={styles['form-item']} label={t['warehouseList.form.warehouseAreaType']}>
          {(id) => (
            <LightSelect
              id={id}
              value={draft.warehouseAreaType ?? ''}
              onChange={(area) => setDraft((d) => ({ ...d, warehouseAreaType: area || undefined }))}
              placeholder={t['warehouseList.form.warehouseAreaType.placeholder']}
              options={areaOptions}
              className={styles['field-area']}
              data-testid="warehouse-area-select"
            />
          )}
        </LightField>
        <div className={[styles['form-item'], styles['search-buttons']].join(' ')}>
          <Button type="primary" htmlType="submit" icon={<IconSearch />}>
            {t['warehouseList.form.search']}
          </Button>
          <Button
            icon={<IconRefresh />}
            onClick={() => {
              setDraft({ warehouseName: undefined, regionProviceCodes: [], warehouseAreaType: undefined });
              onReset();
            }}
          >
            {t['warehouseList.form.reset']}
          </Button>
        </div>
      </LightSearchForm>
    </div>
  );
}
