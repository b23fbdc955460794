/**
 * What the server says when it refuses a registration's call (docs/registration.md), beyond
 * the field messages the SDK shares with the browser (`REGISTER_MESSAGES`): read by the
 * catalogue, the name and code checks and the submission alike.
 */

export const REGISTER_SERVER_MESSAGES = {
  unknownType: '所选的账户类型不存在或已停用，请重新选择',
  nameTaken: '该企业名称已注册，请勿重复注册',
  namePending: '该企业名称已提交注册申请，正在审核中',
  codeTaken: '该统一社会信用代码已注册，请勿重复注册',
  codePending: '该统一社会信用代码已提交注册申请，正在审核中',
  nameReturned: '该企业名称的注册申请已退回修改，请通过「注册进度查询」修改后重新提交',
  codeReturned: '该统一社会信用代码的注册申请已退回修改，请通过「注册进度查询」修改后重新提交',
  noAgreement: '协议不存在',
  noServiceArea: '服务区域不存在',
  badForm: '注册信息格式不正确，请刷新页面后重新填写',
  badText: '注册信息包含无法识别的字符，请检查后重新填写',
  unknownFile: '提交的文件不属于当前表单，请刷新页面后重新填写',
  tooManyFiles: '提交的文件过多，请检查后重新提交',
  cutOff: '上传中断，请重新提交',
  tooOften: '提交过于频繁，请稍后再试',
  badDate: '请输入正确的日期（如 2026-11-25）',
  badTerm: '证书有效期应为 1 至 10 年',
  keyNameMismatch: '须与企业信息中的企业名称一致',
  keyCodeMismatch: '须与企业信息中的统一社会信用代码一致',
  /** A region path that stops above the last level the picker offers (a lone province). */
  regionIncomplete: (label: string) => `请完整选择${label}（省、市、区县）`,
  /** A region path whose codes are not each the child of the one before (北京市 + 郑州市). */
  regionMismatch: (label: string) => `${label}的省、市、区县不对应，请重新选择`,
  usbkeyChoice: '请选择是否申请电子签章',
  usbkeyExtra: '电子签章的办理信息不正确，请刷新页面后重新填写',
} as const;
