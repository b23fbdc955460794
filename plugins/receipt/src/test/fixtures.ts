import type { BatchInspection, ReceiptItem, ReceiptPage } from '@cotton/sdk/contracts';
import { COLOR_GRADES, COLOR_GRADE_NAMES, LENGTH_GRADES, MICRONAIRE_GRADES } from '@cotton/sdk/validators';

/** Overrides that may also blank a field the contract never leaves empty: the pages must cope with `null`. */
type Blankable<T> = { [K in keyof T]?: T[K] | null };

export function receiptItem(overrides: Blankable<ReceiptItem> = {}): ReceiptItem {
  return {
    batchNumber: '65079231001',
    warehouseReceiptNumber: 'WR2023000001',
    colorGradeCode: '31',
    colorGradeName: '白棉3级',
    macron: 4.32,
    macronGrade: 'B2',
    strengthScale: 29.4,
    principalPartRank: '31 29',
    processingMethod: '锯齿',
    whsPickMode: '机采棉',
    stockName: '细绒棉',
    moistureRegain: 6.8,
    dirty: 2.1,
    roughWeight: 42.512,
    conditionedWeight: 41.874,
    quantity: 186,
    productYear: '2023',
    factoryName: '新疆昌吉棉业有限公司',
    whsName: '乌鲁木齐棉花监管仓库',
    placeName: '北疆',
    warehouseStatus: '正常',
    machineDate: '2023-10-12',
    inspectDate: '2023-10-20',
    inspectCompany: '新疆维吾尔自治区纤维质量监测中心',
    storageWs: 'A区-03',
    netWeight: 42.1,
    tidyAvg: 82.7,
    ...overrides,
  } as ReceiptItem;
}

export function pageResult(result: ReceiptItem[], totalCount = result.length): ReceiptPage {
  return { pageWareHouse: { result, totalCount } };
}

export function inspection(overrides: Blankable<BatchInspection> = {}): BatchInspection {
  return {
    batchNumber: '65079231001',
    inspectDate: '2023-10-20',
    inspectCompany: '新疆维吾尔自治区纤维质量监测中心',
    packetNum: 186,
    grossWeight: 42.512,
    tareWeight: 0.412,
    netWeight: 42.1,
    pubWeight: 41.874,
    moistureRate: 6.8,
    impurityRate: 2.1,
    mainLength: 29,
    avgLength: 29.3,
    lengthRate25: 0,
    lengthRate26: 0,
    lengthRate27: 1.1,
    lengthRate28: 8.6,
    lengthRate29: 83.3,
    lengthRate30: 7,
    lengthRate31: 0,
    lengthRate32: 0,
    mainColorGrade: '31',
    whiteRate1: 0,
    whiteRate2: 9.7,
    whiteRate3: 86.6,
    whiteRate4: 3.7,
    whiteRate5: 0,
    spotRate1: 0,
    spotRate2: 0,
    spotRate3: 0,
    yellowishRate1: 0,
    yellowishRate2: 0,
    yellowishRate3: 0,
    yellowRate1: 0,
    yellowRate2: 0,
    mainMicronaire: 'B2',
    avgMicronaire: 4.41,
    micronaireRateC1: 0,
    micronaireRateB1: 0,
    micronaireRateA: 12.4,
    micronaireRateB2: 87.6,
    micronaireRateC2: 0,
    minUniformity: 80.1,
    maxUniformity: 85.2,
    avgUniformity: 82.7,
    uniformityRateU1: 0,
    uniformityRateU2: 30.6,
    uniformityRateU3: 69.4,
    uniformityRateU4: 0,
    uniformityRateU5: 0,
    minStrength: 26.8,
    maxStrength: 31.6,
    avgStrength: 29.4,
    strengthRateS1: 4.3,
    strengthRateS2: 61.8,
    strengthRateS3: 33.9,
    strengthRateS4: 0,
    strengthRateS5: 0,
    avgRd: 78.6,
    avgPlusB: 8.2,
    distributions: {
      colorGrade: [
        { grade: '21', count: 18 },
        { grade: '31', count: 161 },
        { grade: '41', count: 7 },
      ],
      length: [
        { grade: '27', count: 2 },
        { grade: '28', count: 16 },
        { grade: '29', count: 155 },
        { grade: '30', count: 13 },
      ],
      micronaire: [
        { grade: '4.2', count: 23 },
        { grade: '4.4', count: 163 },
      ],
      strength: [
        { grade: '27', count: 63 },
        { grade: '29', count: 115 },
        { grade: '31', count: 8 },
      ],
    },
    ...overrides,
  } as BatchInspection;
}

/** `/rest/dict/getdictlists` answer for the filter dictionaries (as the server seeds them). */
export function dictListsResult() {
  return {
    dictLists: {
      PRODUCT_YEAR: ['2020', '2021', '2022', '2023', '2024', '2025'].map((year) => ({ code: year, value: year })),
      STOCK_NAME: [
        { code: '1', value: '细绒棉' },
        { code: '2', value: '长绒棉' },
      ],
      PROCESSING_METHOD: [
        { code: '1', value: '锯齿' },
        { code: '2', value: '皮辊' },
      ],
      PICK_MODE: [
        { code: '1', value: '手摘棉' },
        { code: '2', value: '机采棉' },
      ],
      WAREHOUSE_STATUS: [
        { code: '1', value: '正常' },
        { code: '2', value: '注册中' },
      ],
      PRODUCING_AREA: [
        { code: '1', value: '北疆' },
        { code: '2', value: '南疆' },
      ],
      COLOR_GRADE: COLOR_GRADES.map((code) => ({ code, value: COLOR_GRADE_NAMES[code] })),
      MICRONAIRE_GRADE: MICRONAIRE_GRADES.map((code) => ({ code, value: code })),
      LENGTH_GRADE: LENGTH_GRADES.map((mm) => ({ code: mm, value: `${mm}mm` })),
    },
  };
}
