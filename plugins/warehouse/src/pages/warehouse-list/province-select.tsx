import { useEffect, useState } from 'react';
import { LightMultiSelect } from '@cotton/sdk';
import type { Region } from '@cotton/sdk/contracts';
import { fetchProvinces } from '../../api/provinces';
import type { WarehouseListLocale } from './locale/zh-CN';

export interface ProvinceSelectProps {
  id?: string;
  t: WarehouseListLocale;
  /** The chosen provinces' codes. */
  value: string[];
  onChange: (codes: string[]) => void;
  className?: string;
}

/**
 * The province filter (spec §9: the warehouse list filters by province, level 1 only): the
 * enabled provinces as a light multiple choice (issue 30). Arco's Cascader did the same with a
 * level limit, and its chunk group brought Arco's Table and Form into every cold /warehouse.
 */
export function ProvinceSelect({ id, t, value, onChange, className }: ProvinceSelectProps) {
  const [provinces, setProvinces] = useState<Region[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    fetchProvinces().then(
      (list) => current && setProvinces(list),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);
  return (
    <LightMultiSelect
      id={id}
      value={value}
      onChange={onChange}
      options={(provinces ?? []).map((region) => ({ label: region.value, value: region.code }))}
      placeholder={t['warehouseList.form.regionProviceCode.placeholder']}
      loadingText={provinces || failed ? undefined : t['warehouseList.form.regionProviceCode.loading']}
      emptyText={failed ? t['warehouseList.form.regionProviceCode.failed'] : undefined}
      className={className}
      data-testid="warehouse-province-select"
    />
  );
}
