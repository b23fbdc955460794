import { randomInt, randomUUID } from 'node:crypto';
import { creditCodeCheckChar, idCardCheckChar } from '@cotton/sdk/validators';

// A complete application of a 棉花交易商 (register.test.ts, register-durability.test.ts): every
// section as the form sends it, a new company name and credit code each time.

type Overrides = Record<string, Record<string, string>>;

/** A credit code with its check character, different on every call. */
export function newCreditCode(): string {
  const first17 = `9165010${String(randomInt(1e10)).padStart(10, '0')}`;
  return first17 + creditCodeCheckChar(first17);
}

export function completeApplication(typeId: string, overrides: Overrides = {}) {
  const name = `新疆测试棉业有限公司${randomUUID().slice(0, 8)}`;
  const code = newCreditCode();
  const vo = {
    requestId: randomUUID(),
    accountTypeIds: [typeId],
    traderInfo: {
      traderName: ` ${name} `,
      serviceAreaCode: 'WLMQ',
      serviceAreaName: '乌鲁木齐办事处',
      registeredCapital: '1000.5',
      traderType: '1',
      uniformCreditCode: code,
      postcode: '830000',
      traderRegisteredAddress: '650000,650100,650102',
      traderRegisteredDetailedAddress: '友好北路 1 号',
      traderMailingAddress: '650000,650100,650102',
      traderMailingDetailedAddress: '友好北路 1 号',
      ...overrides.traderInfo,
    },
    lrInfo: {
      lrCertificateType: '1',
      lrName: '马振华',
      lrCertificateNumber: '65010219800101123' + idCardCheckChar('65010219800101123'),
      lrPhone: '13909911234',
      ...overrides.lrInfo,
    },
    vtaInvoiceInfo: {
      vtaInvoiceTraderType: '1',
      vtaInvoiceAccount: '6222020200112233445',
      vtaInvoiceBank: '中国农业银行',
      vtaInvoicePhone: '0991-4567890',
      vtaInvoiceAddress: '乌鲁木齐市友好北路 1 号',
      taxpayerIdentificationNumber: code,
      digitalInvoiceEmail: 'finance@example.cn',
      ...overrides.vtaInvoiceInfo,
    },
    contacterInfo: {
      contacterName: '李娜',
      contacterPhone: '13909915678',
      contacterEmail: 'lina@example.cn',
      ...overrides.contacterInfo,
    },
    usbkeyInfo: {
      isNeedUsbkey: '1',
      ukeyApplyTime: '2026-11-25',
      certDeadline: '3',
      ukeyUseRemark: '电子签章',
      ukeyUserName: name,
      ukeyUniformCreditCode: code,
      ukeyUserPhone: '0991-4567890',
      ukeyMailingAddress: '乌鲁木齐市友好北路 1 号',
      ukeyAgentUserName: '王强',
      ukeyAgentUserPhone: '13909917777',
      ...overrides.usbkeyInfo,
    },
  };
  return { vo, name, code };
}
