import type { Transporter } from 'nodemailer';
import type { Config } from '../../../config';

/**
 * Where an e-mail goes. Like SMS, every message is recorded by its sender (the template send log)
 * whatever the provider, so a deployment without a mail server still has a record of what was sent.
 */
export interface MailProvider {
  /** Recorded with each message: LOG (recorded only) or SMTP. */
  readonly name: 'LOG' | 'SMTP';
  /** Resolves once the server accepted the message; throws with a reason otherwise. */
  send(message: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

export type MailConfig = Partial<Pick<Config, 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_SECURE' | 'SMTP_USER' | 'SMTP_PASS' | 'SMTP_FROM'>>;

export const SMTP_TIMEOUT_MS = 10_000;

/** Default: no mail server. Recording the message is the sending. */
export function createLogMailProvider(): MailProvider {
  return { name: 'LOG', send: async () => {}, close: () => {} };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The same text as a minimal HTML part, so mail clients keep the line breaks. */
export const htmlOf = (text: string) => `<div style="font-family:sans-serif;white-space:pre-wrap">${escapeHtml(text)}</div>`;

/**
 * SMTP through nodemailer; one pooled transport per process, made with the first message (nodemailer is
 * loaded then, not at start: docs/embedded-memory.md).
 */
export function createSmtpMailProvider(config: MailConfig & { SMTP_HOST: string }): MailProvider {
  const port = config.SMTP_PORT ?? 465;
  let transport: Promise<Transporter> | null = null;
  const transportOf = () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport({
    host: config.SMTP_HOST,
    port,
    // Port 465 speaks TLS from the start; other ports upgrade with STARTTLS when the server offers it.
    secure: config.SMTP_SECURE ?? port === 465,
    auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS ?? '' } : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  })));
  const from = config.SMTP_FROM ?? config.SMTP_USER!;
  return {
    name: 'SMTP',
    async send({ to, subject, text }) {
      await (await transportOf()).sendMail({ from, to, subject, text, html: htmlOf(text) });
    },
    close: () => void transport?.then((t) => t.close()),
  };
}

export function createMailProvider(config: MailConfig): MailProvider {
  return config.SMTP_HOST ? createSmtpMailProvider({ ...config, SMTP_HOST: config.SMTP_HOST }) : createLogMailProvider();
}
