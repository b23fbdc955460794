import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { sysSmsLog } from '../../db/schema/index';

/**
 * Sends one text message. The portal talks to an SMS gateway only through this interface;
 * every send (delivered or not) is recorded in `sys_sms_log` by {@link sendSms}.
 *
 * The gateway is chosen by {@link smsSenderFor} from the configuration: `SMS_GATEWAY_URL`
 * → {@link HttpSmsSender}; otherwise, outside production, {@link LogOnlySmsSender}; in
 * production no sender at all (phone login is switched off rather than pretending).
 */
export interface SmsSender {
  send(mobile: string, templateCode: string, content: string): Promise<SmsSendResult>;
}

/** `sent`: the gateway took it; `failed`: it refused or did not answer; `undelivered`: no gateway. */
export type SmsOutcome = 'sent' | 'failed' | 'undelivered';

export interface SmsSendResult {
  /** Short name of the gateway, stored in `sys_sms_log.provider` (at most 32 characters). */
  provider: string;
  outcome: SmsOutcome;
}

/** `sys_sms_log.status`: '1' 已发送, '2' 发送失败, '3' 未发送（未配置短信网关）. */
export const SMS_STATUS: Record<SmsOutcome, string> = { sent: '1', failed: '2', undelivered: '3' };

const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * A gateway behind HTTP (`SMS_GATEWAY_URL`): `POST` of JSON `{mobile, templateCode, content}`,
 * with `Authorization: Bearer <SMS_GATEWAY_TOKEN>` when a token is configured; any 2xx
 * answer counts as sent. A vendor's API is reached through a small adapter service that
 * takes this request (docs/auth.md "SMS gateway").
 */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly url: string,
    private readonly token: string | null,
  ) {}

  async send(mobile: string, templateCode: string, content: string): Promise<SmsSendResult> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ mobile, templateCode, content }),
      redirect: 'error',
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return { provider: 'http', outcome: response.ok ? 'sent' : 'failed' };
  }
}

/** Where {@link LogOnlySmsSender} writes the messages it does not deliver. */
export interface SmsConsole {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * Outside production without a gateway: nothing is delivered; the message, code included,
 * goes to the server's log (so whoever runs the demo can log in by phone) and the SMS log
 * records it as 未发送. Never used in production ({@link smsSenderFor}).
 */
export class LogOnlySmsSender implements SmsSender {
  constructor(private readonly console: SmsConsole) {}

  async send(mobile: string, templateCode: string, content: string): Promise<SmsSendResult> {
    this.console.warn({ mobile, templateCode, content }, '短信未发送（未配置短信网关，仅非生产环境）');
    return { provider: 'log-only', outcome: 'undelivered' };
  }
}

/** The configured gateway; `null` in production without one (phone login is then unavailable). */
export function smsSenderFor(
  config: Pick<Config, 'appEnv' | 'smsGatewayUrl' | 'smsGatewayToken'>,
  log: SmsConsole,
): SmsSender | null {
  if (config.smsGatewayUrl) return new HttpSmsSender(config.smsGatewayUrl, config.smsGatewayToken);
  return config.appEnv === 'production' ? null : new LogOnlySmsSender(log);
}

/** Verification codes and initial passwords in a message are masked: nobody reading the SMS log may log in with them. */
export function maskCodes(content: string): string {
  return content
    .replace(/(验证码[^0-9]{0,6})\d{4,8}/g, (_match, prefix: string) => `${prefix}******`)
    .replace(/(初始密码[：:])[^\s，。,]{1,40}/g, (_match, prefix: string) => `${prefix}******`);
}

export interface SmsMessage {
  mobile: string;
  templateCode: string;
  content: string;
  ip: string | null;
  /** Values the log must not show whatever the wording (a template's codes and passwords). */
  secrets?: readonly string[];
}

/**
 * The content as the SMS log keeps it: codes masked by wording, and each secret value wherever
 * it stands — from 4 characters on (codes have 6, passwords 8 or more): a shorter value would
 * mask unrelated text.
 */
export function loggedContent(content: string, secrets: readonly string[] = []): string {
  let masked = maskCodes(content);
  for (const secret of secrets) if (secret.length >= 4) masked = masked.split(secret).join('******');
  return masked;
}

/**
 * Sends through `sender` and records the outcome with the codes masked; a throwing sender
 * counts as a failed send.
 */
export async function sendSms(
  db: AppDatabase,
  sender: SmsSender,
  message: SmsMessage,
  now = new Date(),
): Promise<SmsSendResult> {
  let result: SmsSendResult;
  try {
    result = await sender.send(message.mobile, message.templateCode, message.content);
  } catch {
    result = { provider: sender instanceof HttpSmsSender ? 'http' : 'unknown', outcome: 'failed' };
  }
  await db.insert(sysSmsLog).values({
    mobile: message.mobile,
    templateCode: message.templateCode,
    content: loggedContent(message.content, message.secrets),
    provider: result.provider.slice(0, 32),
    status: SMS_STATUS[result.outcome],
    ip: message.ip?.slice(0, 64) ?? null,
    createdAt: now,
  });
  return result;
}
