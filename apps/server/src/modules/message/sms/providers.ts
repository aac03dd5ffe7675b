import { createHmac } from 'node:crypto';
import type { Config } from '../../../config';

/**
 * Where an SMS goes. The SMS service writes every message to sys_sms_log
 * whatever the provider, so the log is the audit trail of what was sent.
 */
export interface SmsProvider {
  /** Stored in sys_sms_log.provider: LOG or WEBHOOK. */
  readonly name: string;
  /** Resolves when the gateway accepted the message; throws with a reason otherwise. */
  send(phone: string, content: string): Promise<void>;
}

export type SmsConfig = Pick<Config, 'SMS_PROVIDER' | 'SMS_WEBHOOK_URL' | 'SMS_WEBHOOK_SECRET'>;

export const WEBHOOK_TIMEOUT_MS = 5_000;
export const SIGNATURE_HEADER = 'x-dandelion-signature';

/** Default: no gateway. Recording the message in the SMS log is the sending, so a deployment without a gateway works. */
export function createLogProvider(): SmsProvider {
  return { name: 'LOG', send: async () => {} };
}

/** `sha256=<hex>`: HMAC-SHA256 of the exact body bytes with the shared secret. */
export function webhookSignature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** POSTs { phone, content, sentAt } as JSON to the configured URL; signed when a secret is set. */
export function createWebhookProvider(url: string, secret?: string): SmsProvider {
  return {
    name: 'WEBHOOK',
    async send(phone, content) {
      const body = JSON.stringify({ phone, content, sentAt: new Date().toISOString() });
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (secret) headers[SIGNATURE_HEADER] = webhookSignature(body, secret);
      const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) });
      // Drain the body so the connection is released.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new Error(`短信网关返回 HTTP ${res.status}`);
    },
  };
}

export function createSmsProvider(config: SmsConfig): SmsProvider {
  if (config.SMS_PROVIDER === 'webhook' && config.SMS_WEBHOOK_URL) return createWebhookProvider(config.SMS_WEBHOOK_URL, config.SMS_WEBHOOK_SECRET);
  return createLogProvider();
}
