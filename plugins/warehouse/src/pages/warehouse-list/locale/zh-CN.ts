/** Texts of the public warehouse list. */
const zhCN = {
  'warehouseList.title': '仓库查询',
  'warehouseList.form.warehouseName': '仓库名称',
  'warehouseList.form.warehouseName.placeholder': '请输入仓库名称',
  'warehouseList.form.regionProviceCode': '所在省份',
  'warehouseList.form.regionProviceCode.placeholder': '请选择省份',
  'warehouseList.form.regionProviceCode.loading': '省份加载中…',
  'warehouseList.form.regionProviceCode.failed': '省份未能加载，请稍后再试',
  'warehouseList.form.warehouseAreaType': '区域类型',
  'warehouseList.form.warehouseAreaType.placeholder': '请选择区域类型',
  'warehouseList.form.search': '查询',
  'warehouseList.form.phoneToggle': '筛选',
  'warehouseList.form.phoneToggle.active': '筛选（已设条件）',
  'warehouseList.form.reset': '重置',
  'warehouseList.columns.warehouseName': '仓库名称',
  'warehouseList.columns.regionProviceName': '所在省份',
  'warehouseList.columns.addressDetail': '注册地址',
  'warehouseList.columns.contactName': '联系人',
  'warehouseList.columns.contactPhone': '联系电话',
  // Fee headers: the fee's name, then its unit on a line of its own (the columns fit at
  // 1366 px; 棉花 goes without saying on a cotton warehouse's list).
  'warehouseList.columns.cottonAutomobileInFee': '汽车入库费',
  'warehouseList.columns.cottonAutomobileOutFee': '汽车出库费',
  'warehouseList.columns.cottonIndoorRate': '室内仓储费',
  'warehouseList.columns.cottonOutdoorRate': '室外仓储费',
  'warehouseList.columns.cottonExamineMoveFee': '公检搬倒费',
  'warehouseList.unit.perTonne': '（元/吨）',
  'warehouseList.unit.perTonneDay': '（元/吨·天）',
  'warehouseList.columns.operations': '操作',
  'warehouseList.columns.operations.detail': '详情',
  'warehouseList.table.empty': '暂无数据',
};

export type WarehouseListLocale = typeof zhCN;
export default zhCN;
