import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../db/client';
import { freightYards, regionGroups, regions, warehouses } from '../../db/schema/index';
import { notFound } from '../../http/envelope';
import { escapeLike } from '../../lib/list/index';
import { OFFICE_GROUP } from '../region/service';
import type { QueryWhsPageBody, WhsDetail, WhsPage } from '@cotton/sdk/contracts';

function parseProvinceCodes(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
}

/** The public warehouse list: filtered, ordered by warehouse code, paged. */
export async function queryWarehousePage(db: AppDatabase, body: QueryWhsPageBody): Promise<WhsPage> {
  const { searchParam, pageParameter } = body;
  const conditions: SQL[] = [];
  const name = searchParam.warehouseName?.trim();
  if (name) conditions.push(ilike(warehouses.name, `%${escapeLike(name)}%`));
  const provinces = parseProvinceCodes(searchParam.regionProviceCode);
  if (provinces.length > 0) conditions.push(inArray(warehouses.provinceCode, provinces));
  if (searchParam.warehouseAreaType) conditions.push(eq(warehouses.areaType, searchParam.warehouseAreaType));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const { pageNum, pageSize } = pageParameter;
  const [{ total }] = await db.select({ total: count() }).from(warehouses).where(where);
  const rows = await db
    .select({
      id: warehouses.id,
      warehouseCode: warehouses.code,
      warehouseName: warehouses.name,
      warehouseAreaType: warehouses.areaType,
      regionProviceCode: warehouses.provinceCode,
      regionProviceName: regions.name,
      addressDetail: warehouses.addressDetail,
      contactName: warehouses.contactName,
      contactPhone: warehouses.contactPhone,
      cottonAutomobileInFee: warehouses.cottonAutomobileInFee,
      cottonAutomobileOutFee: warehouses.cottonAutomobileOutFee,
      cottonIndoorRate: warehouses.cottonIndoorRate,
      cottonOutdoorRate: warehouses.cottonOutdoorRate,
      cottonExamineMoveFee: warehouses.cottonExamineMoveFee,
    })
    .from(warehouses)
    .leftJoin(regions, eq(regions.code, warehouses.provinceCode))
    .where(where)
    .orderBy(asc(warehouses.code))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);

  return {
    pagination: {
      result: rows.map(({ id, ...row }) => ({ whsId: String(id), ...row })),
      totalCount: total,
      pageNum,
      pageSize,
    },
  };
}

const province = alias(regions, 'province');
const city = alias(regions, 'city');
const county = alias(regions, 'county');

function codeValue(code: string | null, value: string | null): { code: string; value: string } | null {
  return code && value ? { code, value } : null;
}

/** One warehouse's four detail sections and its freight yards; `404` for an unknown code. */
export async function queryWarehouseDetail(db: AppDatabase, whsCode: string): Promise<WhsDetail> {
  const code = whsCode.trim();
  const [row] = await db
    .select({
      warehouse: warehouses,
      provinceName: province.name,
      cityName: city.name,
      countyName: county.name,
      officeName: regionGroups.name,
    })
    .from(warehouses)
    .leftJoin(province, eq(province.code, warehouses.provinceCode))
    .leftJoin(city, eq(city.code, warehouses.cityCode))
    .leftJoin(county, eq(county.code, warehouses.countyCode))
    .leftJoin(regionGroups, and(eq(regionGroups.groupType, OFFICE_GROUP), eq(regionGroups.code, warehouses.officeCode)))
    .where(eq(warehouses.code, code))
    .limit(1);
  if (!row) throw notFound(`仓库不存在：${code}`);

  const w = row.warehouse;
  const yards = await db
    .select({
      stationName: freightYards.stationName,
      freightYardType: freightYards.freightYardType,
      freightYardName: freightYards.freightYardName,
      whsName: freightYards.whsName,
    })
    .from(freightYards)
    .where(eq(freightYards.warehouseId, w.id))
    .orderBy(asc(freightYards.sort), asc(freightYards.id));

  return {
    whsInfo: {
      anonWhsBaseVo: {
        warehouseCode: w.code,
        warehouseName: w.name,
        foundTime: w.foundTime,
        warehouseNote: w.warehouseNote,
        synopsis: w.synopsis,
        addressDetail: w.addressDetail,
        postalCode: w.postalCode,
        stationName: w.stationName,
        specialRailwayLine: w.specialRailwayLine,
        specialRailwayLineName: w.specialRailwayLineName,
      },
      anonWhsBizVo: {
        whsTypes: w.whsTypes,
        whsBizTypes: w.whsBizTypes,
        storageCapacityMax: w.storageCapacityMax,
        dispatchMin: w.dispatchMin,
        canWork: w.canWork,
        officeWarehouseName: row.officeName,
        quanlityMonitorWeight: w.quanlityMonitorWeight,
        province: { code: w.provinceCode, value: row.provinceName ?? '' },
        city: codeValue(w.cityCode, row.cityName),
        county: codeValue(w.countyCode, row.countyName),
      },
      anonWhsContactVo: {
        contactName: w.contactName,
        contactPhone: w.contactPhone,
        contactMobile: w.contactMobile,
        contactFax: w.contactFax,
        bizContactName: w.bizContactName,
        bizContactPhone: w.bizContactPhone,
        bizContactMobile: w.bizContactMobile,
      },
      anonWhsFeeVo: {
        cottonAutomobileInFee: w.cottonAutomobileInFee,
        cottonAutomobileOutFee: w.cottonAutomobileOutFee,
        cottonTrainInFee: w.cottonTrainInFee,
        cottonTrainOutFee: w.cottonTrainOutFee,
        cottonWaterInFee: w.cottonWaterInFee,
        cottonWaterOutFee: w.cottonWaterOutFee,
        yarnAutomobileInFee: w.yarnAutomobileInFee,
        yarnAutomobileOutFee: w.yarnAutomobileOutFee,
        yarnTrainInFee: w.yarnTrainInFee,
        yarnTrainOutFee: w.yarnTrainOutFee,
        yarnWaterInFee: w.yarnWaterInFee,
        yarnWaterOutFee: w.yarnWaterOutFee,
        cottonExamineMoveFee: w.cottonExamineMoveFee,
        reconditionFee: w.reconditionFee,
        restoreFee: w.restoreFee,
        sewingBagFee: w.sewingBagFee,
        cottonIndoorRate: w.cottonIndoorRate,
        cottonOutdoorRate: w.cottonOutdoorRate,
        loadingHelpFee: w.loadingHelpFee,
      },
      anonWhsFreightVos: yards,
    },
  };
}
