import type { WhsDetail, WhsPage, WhsRow } from '@cotton/sdk/contracts';

/** `/rest/dict/getdictlists` answer for the warehouse dictionaries (as the server seeds them). */
export function dictListsResult() {
  return {
    dictLists: {
      WHS_TYPE: [
        { code: '1', value: '棉花交割仓库' },
        { code: '2', value: '棉纱交割仓库' },
        { code: '4', value: '监管仓库' },
      ],
      WHS_BIZ_TYPE: [
        { code: '1', value: '仓单注册' },
        { code: '2', value: '公证检验' },
        { code: '6', value: '质押监管' },
      ],
      FREIGHT_YARD_TYPE: [
        { code: '1', value: '铁路专用线' },
        { code: '2', value: '铁路货场' },
      ],
    },
  };
}

export function whsRow(overrides: Partial<WhsRow> = {}): WhsRow {
  return {
    whsId: '1',
    warehouseCode: 'WH001',
    warehouseName: '乌鲁木齐棉花监管仓库',
    warehouseAreaType: '1',
    regionProviceCode: '650000',
    regionProviceName: '新疆维吾尔自治区',
    addressDetail: '乌鲁木齐市米东区储运路 8 号',
    contactName: '王建国',
    contactPhone: '0991-1234567',
    cottonAutomobileInFee: 1234.5,
    cottonAutomobileOutFee: 25,
    cottonIndoorRate: 0.35,
    cottonOutdoorRate: 0.3,
    cottonExamineMoveFee: 0,
    ...overrides,
  };
}

export function pageResult(rows: WhsRow[], totalCount = rows.length, pageNum = 1): WhsPage {
  return { pagination: { result: rows, totalCount, pageNum, pageSize: 10 } };
}

export function detailResult(): WhsDetail {
  return {
    whsInfo: {
      anonWhsBaseVo: {
        warehouseCode: 'WH001',
        warehouseName: '乌鲁木齐棉花监管仓库',
        foundTime: '2008-05-20',
        synopsis: '国家棉花交易市场指定监管仓库。',
        warehouseNote: null,
        addressDetail: '乌鲁木齐市米东区储运路 8 号',
        postalCode: '830000',
        stationName: '乌鲁木齐北站',
        specialRailwayLine: '1',
        specialRailwayLineName: '米东专用线',
      },
      anonWhsBizVo: {
        whsTypes: '1,4',
        whsBizTypes: '1,2,6',
        storageCapacityMax: 120000,
        dispatchMin: 500,
        canWork: '1',
        officeWarehouseName: '乌鲁木齐办事处',
        quanlityMonitorWeight: null,
        province: { code: '650000', value: '新疆维吾尔自治区' },
        city: { code: '650100', value: '乌鲁木齐市' },
        county: { code: '650109', value: '米东区' },
      },
      anonWhsContactVo: {
        contactName: '王建国',
        contactPhone: '0991-1234567',
        contactMobile: '13800000000',
        contactFax: null,
        bizContactName: '李明',
        bizContactPhone: '0991-7654321',
        bizContactMobile: '13900000000',
      },
      anonWhsFeeVo: {
        cottonAutomobileInFee: 12.5,
        cottonAutomobileOutFee: 1234.5,
        cottonTrainInFee: 18,
        cottonTrainOutFee: null,
        cottonWaterInFee: null,
        cottonWaterOutFee: null,
        yarnAutomobileInFee: 10,
        yarnAutomobileOutFee: 10,
        yarnTrainInFee: null,
        yarnTrainOutFee: null,
        yarnWaterInFee: null,
        yarnWaterOutFee: null,
        cottonIndoorRate: 0.35,
        cottonOutdoorRate: 0.3,
        cottonExamineMoveFee: 0,
        reconditionFee: 5,
        restoreFee: 8,
        sewingBagFee: 2,
        loadingHelpFee: 100,
      },
      anonWhsFreightVos: [
        {
          stationName: '乌鲁木齐北站',
          freightYardType: '2',
          freightYardName: '北站一号货场',
          whsName: '乌鲁木齐棉花监管仓库',
        },
        { stationName: '米东站', freightYardType: '1', freightYardName: '米东专用线', whsName: '乌鲁木齐棉花监管仓库' },
      ],
    },
  };
}
