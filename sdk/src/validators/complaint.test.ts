import { describe, expect, it } from 'vitest';
import { COMPLAINT_MESSAGES, checkComplaint } from './complaint';

const GOOD = {
  name: '张三',
  phone: '0991-1234567',
  email: '',
  complaintType: 'SUGGESTION',
  content: '希望增加仓单到期提醒功能。',
};

describe('checkComplaint', () => {
  it('passes a good complaint (landline or mobile, no email)', () => {
    expect(checkComplaint(GOOD)).toEqual({});
    expect(checkComplaint({ ...GOOD, phone: '13912345678', email: 'a.b@example.com.cn' })).toEqual({});
  });

  it('names the first broken rule of each field, trimming first', () => {
    expect(
      checkComplaint({ ...GOOD, name: '  ', phone: '1391234567', complaintType: 'OTHER', content: '太短了' }),
    ).toEqual({
      name: COMPLAINT_MESSAGES.nameRequired,
      phone: COMPLAINT_MESSAGES.phoneInvalid,
      complaintType: COMPLAINT_MESSAGES.typeRequired,
      content: COMPLAINT_MESSAGES.contentTooShort,
    });
  });

  it('counts characters, not UTF-16 units, at the limits', () => {
    expect(checkComplaint({ ...GOOD, name: '张'.repeat(32) })).toEqual({});
    expect(checkComplaint({ ...GOOD, name: '张'.repeat(33) }).name).toBe(COMPLAINT_MESSAGES.nameTooLong);
    expect(checkComplaint({ ...GOOD, content: '棉'.repeat(10) })).toEqual({});
    expect(checkComplaint({ ...GOOD, content: '棉'.repeat(1001) }).content).toBe(COMPLAINT_MESSAGES.contentTooLong);
    expect(checkComplaint({ ...GOOD, email: 'not-an-email' }).email).toBe(COMPLAINT_MESSAGES.emailInvalid);
  });
});
