import { useEffect, useRef, useState } from 'react';
import { Button, Form, Input, Select } from '@arco-design/web-react';
import type { SelectProps } from '@arco-design/web-react';
import { IconDown, IconRefresh, IconSearch, IconUp } from '@arco-design/web-react/icon';
import { RegionCascader } from '@cotton/sdk';
import type { RegionCascaderProps } from '@cotton/sdk';
import { DeferredControl, useLiveControls } from './deferred-control';
import type { WarehouseListLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

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
  /**
   * The table's first answer has come (rows, none or an error): the province and area
   * controls are mounted once its frame is painted (see `useLiveControls`).
   */
  contentSettled?: boolean;
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

export function SearchForm({ t, value, onSearch, onReset, contentSettled = true }: SearchFormProps) {
  const [form] = Form.useForm<FormValues>();
  const { warehouseName, regionProviceCode, warehouseAreaType } = value;
  // On a phone (below 768 px) the form folds behind one 筛选 button.
  const [phoneOpen, setPhoneOpen] = useState(false);
  const filtered = Boolean(warehouseName || regionProviceCode || warehouseAreaType);
  const [live, activate] = useLiveControls(contentSettled);

  // Follow the URL (back button, reload, reset): the applied filters are the form's values.
  // The first ones are the form's initialValues already (setting them again would render
  // every field once more before the table's first frame).
  const applied = useRef(`${warehouseName}\n${regionProviceCode}\n${warehouseAreaType}`);
  useEffect(() => {
    const key = `${warehouseName}\n${regionProviceCode}\n${warehouseAreaType}`;
    if (key === applied.current) return;
    applied.current = key;
    form.setFieldsValue(toFormValues({ warehouseName, regionProviceCode, warehouseAreaType }));
  }, [form, warehouseName, regionProviceCode, warehouseAreaType]);

  const areaOptions = [
    { label: t['warehouseList.form.areaType.xinjiang'], value: '1' },
    { label: t['warehouseList.form.areaType.inland'], value: '2' },
  ];

  return (
    <div className={styles['search-form-wrapper']} data-testid="warehouse-search-form" data-phone-open={phoneOpen}>
      <Button
        className={styles['phone-toggle']}
        long
        onClick={() => {
          activate();
          setPhoneOpen((open) => !open);
        }}
        aria-expanded={phoneOpen}
        data-testid="warehouse-filter-toggle"
      >
        {filtered ? t['warehouseList.form.phoneToggle.active'] : t['warehouseList.form.phoneToggle']}
        {phoneOpen ? <IconUp /> : <IconDown />}
      </Button>
      <Form<FormValues>
        form={form}
        layout="inline"
        className={styles['search-form']}
        initialValues={toFormValues(value)}
        onSubmit={(values) => {
          setPhoneOpen(false);
          onSearch(toSearchValues(values));
        }}
      >
        <Form.Item className={styles['form-item']} label={t['warehouseList.form.warehouseName']} field="warehouseName">
          <Input
            allowClear
            maxLength={50}
            placeholder={t['warehouseList.form.warehouseName.placeholder']}
            className={styles['field-name']}
          />
        </Form.Item>
        <Form.Item
          className={styles['form-item']}
          label={t['warehouseList.form.regionProviceCode']}
          field="regionProviceCodes"
        >
          <DeferredControl
            live={live}
            onActivate={activate}
            placeholder={t['warehouseList.form.regionProviceCode.placeholder']}
            className={styles['field-province']}
            render={(props) => <RegionCascader {...(props as RegionCascaderProps)} maxLevel={1} multiple allowClear />}
          />
        </Form.Item>
        <Form.Item
          className={styles['form-item']}
          label={t['warehouseList.form.warehouseAreaType']}
          field="warehouseAreaType"
        >
          <DeferredControl
            live={live}
            onActivate={activate}
            placeholder={t['warehouseList.form.warehouseAreaType.placeholder']}
            className={styles['field-area']}
            render={(props) => <Select {...(props as SelectProps)} allowClear options={areaOptions} />}
          />
        </Form.Item>
        <Form.Item className={styles['form-item']}>
          <div className={styles['search-buttons']}>
            <Button type="primary" htmlType="submit" icon={<IconSearch />}>
              {t['warehouseList.form.search']}
            </Button>
            <Button
              icon={<IconRefresh />}
              onClick={() => {
                form.setFieldsValue({ warehouseName: undefined, regionProviceCodes: [], warehouseAreaType: undefined });
                onReset();
              }}
            >
              {t['warehouseList.form.reset']}
            </Button>
          </div>
        </Form.Item>
      </Form>
    </div>
  );
}
