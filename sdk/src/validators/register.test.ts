import { describe, expect, it } from 'vitest';
import {
  REGISTER_FIELDS,
  checkRegisterApply,
  checkRegisterField,
  checkRegisterFile,
  type RegisterFieldFlags,
} from './register';

// Spec registration-and-login §5: the rules the registration form and the server share.

describe('checkRegisterField', () => {
  it('gives each empty required field its message, and lets an optional one be empty', () => {
    expect(checkRegisterField('traderInfo', 'traderName', '  ', true)).toBe('请输入企业名称');
    expect(checkRegisterField('traderInfo', 'registeredCapital', '', true)).toBe('注册资本不能为空');
    expect(checkRegisterField('traderInfo', 'postcode', undefined, true)).toBe('邮编不能为空');
    expect(checkRegisterField('lrInfo', 'lrCertificateNumber', '', true)).toBe('法定代表人证件号码不能为空');
    expect(checkRegisterField('lrInfo', 'lrPhone', '', true)).toBe('手机号码不能为空');
    expect(checkRegisterField('contacterInfo', 'contacterFixedTelephone', '', true)).toBe('其他联系电话不能为空');
    expect(checkRegisterField('contacterInfo', 'contacterEmail', '', true)).toBe('邮箱不能为空');
    expect(checkRegisterField('usbkeyInfo', 'ukeyMailingAddress', '', true)).toBe('邮寄地址不能为空');
    expect(checkRegisterField('usbkeyInfo', 'ukeyAgentUserName', '', true)).toBe('经办人姓名不能为空');
    expect(checkRegisterField('traderInfo', 'postcode', '', false)).toBeNull();
  });

  it('checks registered capital: positive, decimals allowed', () => {
    for (const ok of ['0.5', '1', '1000', '12.345'])
      expect(checkRegisterField('traderInfo', 'registeredCapital', ok, true)).toBeNull();
    for (const bad of ['0', '0.00', '-1', '1e3', '.5', 'abc'])
      expect(checkRegisterField('traderInfo', 'registeredCapital', bad, true)).toBe('输入的金额有误，请重新输入');
  });

  it('checks credit codes: 15, 18 (with its check character) or 20 letters or digits', () => {
    // 华为技术有限公司's published code, GB 32100's example, and others with a right check character.
    for (const code of ['914403001922038216', '91350100M000100Y43', '9111000010169286X1', '91110000100010310k'])
      expect(checkRegisterField('traderInfo', 'uniformCreditCode', code, true)).toBeNull();
    expect(checkRegisterField('traderInfo', 'uniformCreditCode', '914403001922038217', true)).toBe(
      '统一社会信用代码有误，请重新输入',
    );
    expect(checkRegisterField('traderInfo', 'uniformCreditCode', '123456789012345', true)).toBeNull();
    expect(checkRegisterField('traderInfo', 'uniformCreditCode', '12345678901234567890', true)).toBeNull();
    for (const bad of ['12345678901234', '1234567890123456', '12345678901234567', 'ABCDEFGHIJKLMN-12'])
      expect(checkRegisterField('traderInfo', 'uniformCreditCode', bad, true)).toBe('统一社会信用代码有误，请重新输入');
  });

  it('checks the postcode: 6 digits, the first not 0', () => {
    expect(checkRegisterField('traderInfo', 'postcode', '830000', true)).toBeNull();
    for (const bad of ['030000', '83000', '8300001', '83000a'])
      expect(checkRegisterField('traderInfo', 'postcode', bad, true)).toBe('请输入正确格式的邮编');
  });

  it('checks the ID number, except for certificate type 2 (护照)', () => {
    expect(checkRegisterField('lrInfo', 'lrCertificateNumber', '11010519491231002X', true)).toBeNull();
    expect(checkRegisterField('lrInfo', 'lrCertificateNumber', '110105194912310021', true)).toBe(
      '请输入正确格式的证件号码',
    );
    expect(checkRegisterField('lrInfo', 'lrCertificateNumber', 'E12345678', true, { certificateType: '2' })).toBeNull();
    expect(checkRegisterField('lrInfo', 'lrCertificateNumber', 'E12345678', true, { certificateType: '1' })).toBe(
      '请输入正确格式的证件号码',
    );
  });

  it('checks mobiles, landlines with a hyphen, and e-mail', () => {
    expect(checkRegisterField('lrInfo', 'lrPhone', '13909911234', true)).toBeNull();
    for (const bad of ['12909911234', '1390991123', '139099112345'])
      expect(checkRegisterField('lrInfo', 'lrPhone', bad, true)).toBe('请输入正确格式的手机号码');
    for (const ok of ['0991-4567890', '010-66258888', '13909911234', '66258888'])
      expect(checkRegisterField('vtaInvoiceInfo', 'vtaInvoicePhone', ok, true)).toBeNull();
    expect(checkRegisterField('vtaInvoiceInfo', 'vtaInvoicePhone', '0991 4567890', true)).toMatch(/区号与号码之间请用/);
    expect(checkRegisterField('contacterInfo', 'contacterEmail', 'li.na@cnce.com.cn', true)).toBeNull();
    expect(checkRegisterField('contacterInfo', 'contacterEmail', 'li.na@cnce', true)).toBe('请输入正确格式的邮箱');
  });

  it('trims, and limits the length', () => {
    expect(checkRegisterField('traderInfo', 'postcode', ' 830000 ', true)).toBeNull();
    expect(checkRegisterField('traderInfo', 'traderName', '棉'.repeat(101), true)).toBe('企业名称不能超过 100 个字');
  });

  it('refuses invisible and direction-control characters, naming the field', () => {
    const message = '企业名称不能包含不可见字符或文字方向控制字符，请删除后重新输入';
    expect(checkRegisterField('traderInfo', 'traderName', '新疆天山物流\u202e司公限有', true)).toBe(message);
    for (const hidden of ['\u200b', '\u200d', '\u2066', '\u200f', '\u2060', '\ufeff', '\u00ad', '\t', '\u0085'])
      expect(checkRegisterField('traderInfo', 'traderName', `新疆${hidden}棉业`, true)).toBe(message);
    expect(checkRegisterField('traderInfo', 'uniformCreditCode', '91650100MA77K3LX1\u200bX', true)).toBe(
      '统一社会信用代码不能包含不可见字符或文字方向控制字符，请删除后重新输入',
    );
    expect(checkRegisterField('contacterInfo', 'contacterName', '李\u202a娜', true)).toBe(
      '联系人姓名不能包含不可见字符或文字方向控制字符，请删除后重新输入',
    );
    // Ordinary spaces, full-width brackets and the middle dot of transcribed names are text.
    expect(checkRegisterField('traderInfo', 'traderName', '新疆（天山） Cotton 买买提·艾力', true)).toBeNull();
  });

  it('counts files: required, and at most 2 (1 for the agent copy)', () => {
    expect(checkRegisterField('traderInfo', 'copyBusinessLicenseId', 0, true)).toBe('请上传营业执照复印件');
    expect(checkRegisterField('traderInfo', 'copyBusinessLicenseId', 2, true)).toBeNull();
    expect(checkRegisterField('traderInfo', 'copyBusinessLicenseId', 3, true)).toBe('最多上传 2 个文件');
    expect(checkRegisterField('usbkeyInfo', 'usbkeyAgentFile', 2, true)).toBe('最多上传 1 个文件');
  });
});

describe('checkRegisterFile', () => {
  it('takes png, jpg, jpeg images up to 10 MB, and pdf where the field allows it', () => {
    expect(checkRegisterFile('image', { type: 'JPEG', size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkRegisterFile('image', { type: 'png', size: 10 * 1024 * 1024 + 1 })).toBe('图片大小不能超过10M');
    expect(checkRegisterFile('image', { type: 'pdf', size: 1 })).toBe('图片格式错误');
    expect(checkRegisterFile('imageOrPdf', { type: 'pdf', size: 1 })).toBeNull();
    expect(checkRegisterFile('imageOrPdf', { type: 'gif', size: 1 })).toBe('文件格式错误');
    expect(checkRegisterFile('imageOrPdf', { type: 'pdf', size: 11 * 1024 * 1024 })).toBe('文件大小不能超过10M');
  });
});

describe('checkRegisterApply', () => {
  const flags: RegisterFieldFlags = {
    traderInfo: { traderName: { isRequired: '1' }, postcode: { isRequired: '0' } },
    lrInfo: { lrCertificateType: { isRequired: '1' }, lrCertificateNumber: { isRequired: '1' } },
    usbkeyInfo: Object.fromEntries(Object.keys(REGISTER_FIELDS.usbkeyInfo).map((name) => [name, { isRequired: '0' }])),
  };

  it('checks only the fields shown, required as flagged; the key section only when 是', () => {
    expect(checkRegisterApply(flags, { traderInfo: { traderName: '', registeredCapital: '-1' } })).toEqual({
      'traderInfo.traderName': '请输入企业名称',
      'lrInfo.lrCertificateType': '请选择法定代表人证件类型',
      'lrInfo.lrCertificateNumber': '法定代表人证件号码不能为空',
    });
    const withKey = checkRegisterApply(flags, {
      traderInfo: { traderName: '棉业' },
      lrInfo: { lrCertificateType: '2', lrCertificateNumber: 'E1' },
      usbkeyInfo: { isNeedUsbkey: '1', ukeyUserPhone: '123' },
    });
    expect(withKey).toEqual({
      'usbkeyInfo.ukeyUserName': '请输入企业名称',
      'usbkeyInfo.ukeyUniformCreditCode': '请输入统一社会信用代码',
      'usbkeyInfo.ukeyUserPhone': '区号与号码之间请用“-”分隔（如 0991-1234567）',
      'usbkeyInfo.ukeyMailingAddress': '邮寄地址不能为空',
      'usbkeyInfo.ukeyAgentUserName': '经办人姓名不能为空',
      'usbkeyInfo.ukeyAgentUserPhone': '请输入经办人电话',
      'usbkeyInfo.usbkeyAgentFile': '经办人身份证复印件不能为空',
    });
  });
});
