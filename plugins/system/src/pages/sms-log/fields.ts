import type { ListOption } from '@cotton/sdk';
import type { SmsLogLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`; the server's allow-list for getSmsByPage). */
export interface SmsFilters {
  mobile?: string;
  templateCode?: string;
  status?: string;
  timeFrom?: string;
  timeTo?: string;
}

export function statusOptions(t: SmsLogLocale): ListOption[] {
  return [
    { label: t['smsLog.status.sent'], value: '1' },
    { label: t['smsLog.status.failed'], value: '2' },
    { label: t['smsLog.status.undelivered'], value: '3' },
  ];
}

/**
 * The sending channel in words (server/src/modules/sms/sender.ts): `http` the configured SMS
 * gateway, `log-only` none configured (the message was only written to the server log),
 * `unknown` a sender that failed before saying which; any other is shown as 其他通道.
 */
export function providerText(t: SmsLogLocale, provider: string | null): string {
  switch (provider) {
    case null:
    case '':
      return '--';
    case 'http':
      return t['smsLog.provider.http'];
    case 'log-only':
      return t['smsLog.provider.logOnly'];
    case 'unknown':
      return t['smsLog.provider.unknown'];
    default:
      return t['smsLog.provider.other'];
  }
}
