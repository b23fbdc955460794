import type { AppDatabase } from '../../db/client';
import { sysSmsLog } from '../../db/schema/index';

/**
 * Sends one text message. The portal talks to an SMS gateway only through this interface;
 * every send (successful or not) is recorded in `sys_sms_log` by {@link sendSms}.
 *
 * Plugging in a real gateway: implement `send` with the vendor's SDK or HTTP API (map the
 * portal's `templateCode` to the vendor's template id, pass `content`'s parameters), answer
 * `{provider: '<vendor>', ok}` without throwing for a refused message, and hand the instance
 * to `phoneLoginRoutes` (`app.register(phoneLoginRoutes, { db, smsSender })` in app.ts).
 */
export interface SmsSender {
  send(mobile: string, templateCode: string, content: string): Promise<SmsSendResult>;
}

export interface SmsSendResult {
  /** Short name of the gateway, stored in `sys_sms_log.provider` (at most 32 characters). */
  provider: string;
  ok: boolean;
}

/** Where {@link LogOnlySmsSender} writes the messages it does not deliver. */
export interface SmsConsole {
  info(details: Record<string, unknown>, message: string): void;
}

/**
 * The demo has no SMS gateway: messages are recorded in `sys_sms_log` (visible, codes
 * masked, in the back office under 系统管理 › 短信日志) and, outside production, written to
 * the server's log with the code, so that whoever runs the demo can log in by phone.
 * Never delivered.
 */
export class LogOnlySmsSender implements SmsSender {
  constructor(private readonly console: SmsConsole | null = null) {}

  async send(mobile: string, templateCode: string, content: string): Promise<SmsSendResult> {
    this.console?.info({ mobile, templateCode, content }, '短信未发送（未配置短信网关）');
    return { provider: 'log-only', ok: true };
  }
}

export interface SmsMessage {
  mobile: string;
  templateCode: string;
  content: string;
  ip: string | null;
}

/** Sends through `sender` and records the outcome; a throwing sender counts as a failed send. */
export async function sendSms(db: AppDatabase, sender: SmsSender, message: SmsMessage, now = new Date()): Promise<SmsSendResult> {
  let result: SmsSendResult;
  try {
    result = await sender.send(message.mobile, message.templateCode, message.content);
  } catch {
    result = { provider: sender.constructor.name.slice(0, 32) || 'unknown', ok: false };
  }
  await db.insert(sysSmsLog).values({
    mobile: message.mobile,
    templateCode: message.templateCode,
    content: message.content,
    provider: result.provider.slice(0, 32),
    status: result.ok ? '1' : '2',
    ip: message.ip?.slice(0, 64) ?? null,
    createdAt: now,
  });
  return result;
}
