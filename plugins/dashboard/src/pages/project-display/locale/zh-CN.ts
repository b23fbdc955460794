/** Texts of the workplace (工作台). */
const zhCN = {
  'projectDisplay.greeting': '{greeting}，{name}',
  'projectDisplay.welcome': '欢迎使用{site}',
  'projectDisplay.defaultSite': '棉花交易服务平台',
  'projectDisplay.overview': '数据概览',
  'projectDisplay.loadFailed': '数据概览加载失败',
  'projectDisplay.retry': '重试',
  'projectDisplay.view': '查看',
  'projectDisplay.warehouses': '仓库总数',
  'projectDisplay.warehouses.unit': '个',
  'projectDisplay.warehouses.xinjiang': '新疆',
  'projectDisplay.warehouses.inland': '内地',
  'projectDisplay.receipts': '仓单总数',
  'projectDisplay.receipts.unit': '张',
  'projectDisplay.receipts.hint': '仓单查询',
  'projectDisplay.appointments': '本周预约',
  'projectDisplay.appointments.unit': '笔',
  'projectDisplay.appointments.tonnage': '预约量 {tonnage} 吨',
  'projectDisplay.registrations': '待审核注册申请',
  'projectDisplay.registrations.unit': '条',
  'projectDisplay.registrations.hint': '点击进入注册审核',
  'projectDisplay.registrations.elsewhere': '由注册审核员在 系统管理 › 注册审核 中办理',
  'projectDisplay.shortcuts': '快捷入口',
  'projectDisplay.shortcuts.reservation': '新疆预约进度',
  'projectDisplay.shortcuts.inlReservation': '内地预约进度',
  'projectDisplay.shortcuts.warehouse': '仓库查询',
  'projectDisplay.shortcuts.bid': '仓单查询',
  'projectDisplay.shortcuts.account': '个人中心',
  'projectDisplay.recent': '最近访问',
  'projectDisplay.frequent': '常用功能',
  'projectDisplay.visits.empty': '暂无访问记录，打开菜单中的页面后会显示在这里',
  'projectDisplay.visits.failed': '加载失败：{message}',
  'projectDisplay.visits.count': '{count} 次',
};

export type ProjectDisplayLocale = typeof zhCN;
export default zhCN;

/** Replaces `{name}` placeholders. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
