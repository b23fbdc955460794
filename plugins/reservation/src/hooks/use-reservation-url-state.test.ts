import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import {
  QueryAppointDetailBody,
  QueryFactoryAppointmentListBody,
  QueryFactoryInlAppointmentListBody,
} from '@cotton/sdk/contracts';
import { RESERVATION_URL_RULES } from './use-reservation-url-state';

// The client's rules for the URL accept no value the server's schemas refuse.
function serverAccepts(key: string, value: string): boolean {
  switch (key) {
    case 'weekStep':
      return Value.Check(QueryFactoryAppointmentListBody, { weekStep: value, appoinmentRequestVo: {} });
    case 'regionAreaCode':
      return Value.Check(QueryFactoryAppointmentListBody, {
        weekStep: '0',
        appoinmentRequestVo: { regionAreaCode: value },
      });
    case 'regionProviceCode':
      return Value.Check(QueryFactoryInlAppointmentListBody, {
        weekStep: '0',
        appoinmentRequestVo: { regionProviceCode: value },
      });
    default:
      return Value.Check(QueryAppointDetailBody, {
        whsCode: 'WH001',
        whsName: '',
        appointDate: '2026-11-18',
        [key]: value,
      });
  }
}

const samples: Record<string, string[]> = {
  weekStep: ['0', '1', '-1', '52', '-52', '53', '99', 'abc', '1.5', '-0', '01'],
  regionAreaCode: ['BJ', 'nj', 'B1', '<x>', 'A'.repeat(16), 'A'.repeat(17)],
  regionProviceCode: ['370000', '370000,420100', '370202', '37,abc', 'abc', `${'370000,'.repeat(100)}370000`],
  whsCode: ['WH001', 'x'.repeat(32), 'x'.repeat(33)],
  whsName: ['某仓库', 'x'.repeat(128), 'x'.repeat(129)],
  appointDate: ['2026-11-18', '2026/11/18', 'bad', '20261118'],
};

describe('reservation URL rules', () => {
  for (const [key, values] of Object.entries(samples)) {
    it(`${key}: never passes what the server refuses`, () => {
      const rule = RESERVATION_URL_RULES[key as keyof typeof RESERVATION_URL_RULES]!;
      for (const value of values) {
        if (rule(value)) expect([value, serverAccepts(key, value)]).toEqual([value, true]);
      }
    });
  }

  it('accepts the values the page itself writes', () => {
    expect(RESERVATION_URL_RULES.weekStep!('-3')).toBe(true);
    expect(RESERVATION_URL_RULES.regionProviceCode!('370000,420100,370202')).toBe(true);
    expect(RESERVATION_URL_RULES.regionAreaCode!('BJ')).toBe(true);
    expect(RESERVATION_URL_RULES.appointDate!('2026-11-18')).toBe(true);
  });
});
