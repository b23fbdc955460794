import type {
  AdminRegisterApplyPage,
  AdminRegisterApplyRow,
  AdminUserPage,
  AdminUserRow,
  RegisterApplyDetail,
  SmsPage,
  SmsRow,
} from '@cotton/sdk/contracts';

export function smsRow(overrides: Partial<SmsRow> = {}): SmsRow {
  return {
    id: '1',
    mobile: '13800138000',
    templateCode: 'LOGIN_CODE',
    content: '【棉花交易市场】您的登录验证码为 482913，5 分钟内有效，请勿泄露。',
    provider: 'console',
    status: '1',
    ip: '10.0.0.8',
    createdAt: '2026-11-20T09:15:30+08:00',
    ...overrides,
  };
}

export function smsPage(rows: SmsRow[], totalCount = rows.length, pageNum = 1, pageSize = 10): SmsPage {
  return { pagination: { result: rows, totalCount, pageNum, pageSize } };
}

export function adminUserRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: '1',
    loginName: 'zhangsan',
    realname: '张三',
    phone: '13800138000',
    email: 'zhangsan@example.com',
    status: '1',
    enterpriseCode: 'E001',
    enterpriseName: '新疆棉花交易有限公司',
    orgId: '5',
    orgName: '信息技术部',
    postNames: '系统运维',
    roleNames: '系统管理员',
    createTime: '2026-11-20T09:15:30+08:00',
    ...overrides,
  };
}

export function adminUserPage(
  rows: AdminUserRow[],
  totalCount = rows.length,
  pageNum = 1,
  pageSize = 10,
): AdminUserPage {
  return { pagination: { result: rows, totalCount, pageNum, pageSize } };
}

export function registerApplyRow(overrides: Partial<AdminRegisterApplyRow> = {}): AdminRegisterApplyRow {
  return {
    id: '101',
    kind: 'register',
    traderName: '新疆天山棉业有限公司',
    uniformCreditCode: '91650100MA7XXXXX1K',
    accountTypeNames: '棉花交易商',
    serviceAreaCode: 'WLMQ',
    serviceAreaName: '乌鲁木齐办事处',
    status: '0',
    round: 1,
    createTime: '2026-11-20T01:15:30Z',
    ...overrides,
  };
}

export function registerApplyPage(
  rows: AdminRegisterApplyRow[],
  totalCount = rows.length,
  pageNum = 1,
  pageSize = 10,
): AdminRegisterApplyPage {
  return { pagination: { result: rows, totalCount, pageNum, pageSize } };
}

/** An application in its second round: returned once, resubmitted, waiting for review. */
export function registerApplyDetail(overrides: Partial<RegisterApplyDetail> = {}): RegisterApplyDetail {
  return {
    id: '101',
    kind: 'register',
    status: '0',
    round: 2,
    traderName: '新疆天山棉业有限公司',
    uniformCreditCode: '91650100MA7XXXXX1K',
    accountTypeNames: '棉花交易商、纱线交易商',
    createTime: '2026-11-19T18:05:00Z',
    sections: [
      {
        title: '企业信息',
        fields: [
          { label: '企业名称', value: '新疆天山棉业有限公司' },
          { label: '企业类型', value: '有限责任公司' },
          { label: '注册资本（万元）', value: '' },
        ],
        files: [
          {
            label: '营业执照复印件',
            files: [
              {
                fileId: 'f1',
                fileName: '营业执照.png',
                fileType: 'png',
                fileSize: 245_760,
                previewUrl: '/file/preview/f1?exp=1&sig=a',
              },
            ],
          },
          {
            label: '资质证书',
            files: [
              {
                fileId: 'f2',
                fileName: '资质证书.pdf',
                fileType: 'pdf',
                fileSize: 1_572_864,
                previewUrl: '/file/preview/f2?exp=1&sig=b',
              },
            ],
          },
        ],
      },
      {
        title: '联系人信息',
        fields: [
          { label: '联系人姓名', value: '王芳' },
          { label: '联系人手机', value: '13900139000' },
        ],
        files: [],
      },
    ],
    reviews: [
      {
        round: 1,
        decision: '3',
        decisionName: '退回修改',
        reason: '营业执照复印件不清晰，请重新上传',
        reviewerName: '李审核',
        reviewedAt: '2026-11-18T02:30:00Z',
      },
    ],
    changes: [
      { section: '企业信息', label: '营业执照复印件', before: '营业执照（模糊）.png', after: '营业执照.png' },
      { section: '联系人信息', label: '联系人手机', before: '13900139001', after: '13900139000' },
    ],
    enterpriseCode: null,
    enterpriseName: null,
    ...overrides,
  };
}
