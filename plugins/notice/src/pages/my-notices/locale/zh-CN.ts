/** Texts of 我的消息. */
const zhCN = {
  'myNotices.title': '我的消息',
  'myNotices.search': '搜索标题',
  'myNotices.filter.all': '全部',
  'myNotices.filter.unread': '未读',
  'myNotices.filter.read': '已读',
  'myNotices.readAll': '全部已读',
  'myNotices.readAllDone': '已全部标记为已读',
  'myNotices.empty': '暂无消息',
  'myNotices.type.notice': '通知',
  'myNotices.type.announcement': '公告',
  'myNotices.from': '发布人：{name}',
  'myNotices.close': '关闭',
  'myNotices.total': '共 {total} 条',
};

export type MyNoticesLocale = typeof zhCN;
export default zhCN;
