import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { startFakeSmtp, readMail } from '../../../../test/kits/fakeSmtpServer';
import { createMailProvider } from './mailer';

let closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

describe('e-mail settings', () => {
  it('are optional, and a host needs a sender', () => {
    expect(createMailProvider(loadConfig({ DATA_DIR: '/tmp/x' })).name).toBe('LOG');
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', SMTP_HOST: 'smtp.example.edu.cn' })).toThrow('SMTP_FROM=undefined: 设置 SMTP_HOST 时必须设置 SMTP_FROM 或 SMTP_USER');
    const config = loadConfig({ DATA_DIR: '/tmp/x', SMTP_HOST: 'smtp.example.edu.cn', SMTP_USER: 'noreply@example.edu.cn', SMTP_PASS: 'secret' });
    expect([config.SMTP_PORT, config.SMTP_SECURE, config.SMTP_FROM]).toEqual([465, undefined, undefined]);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', SMTP_SECURE: 'maybe' })).toThrow(/SMTP_SECURE="maybe"/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', SMTP_PORT: '70000' })).toThrow(/SMTP_PORT="70000"/);
  });
});

describe('SMTP provider', () => {
  it('delivers through nodemailer with the credentials, the sender, a Chinese subject and body', async () => {
    const smtp = await startFakeSmtp();
    closers.push(smtp.close);
    const mail = createMailProvider({ SMTP_HOST: '127.0.0.1', SMTP_PORT: smtp.port, SMTP_SECURE: false, SMTP_USER: 'noreply@example.edu.cn', SMTP_PASS: 'p@ss', SMTP_FROM: '蒲公英 <noreply@example.edu.cn>' });
    closers.push(() => mail.close());
    expect(mail.name).toBe('SMTP');
    await mail.send({ to: 'zhang@example.edu.cn', subject: '评审结果通知', text: '张三，您好：\n您的申报已通过。' });
    expect(smtp.received).toHaveLength(1);
    const [got] = smtp.received;
    expect(got).toMatchObject({ from: 'noreply@example.edu.cn', to: ['zhang@example.edu.cn'], auth: { user: 'noreply@example.edu.cn', pass: 'p@ss' } });
    expect(readMail(got!.data)).toEqual({ subject: '评审结果通知', text: '张三，您好：\n您的申报已通过。' });
  });

  it('rejects with the server’s reason when the recipient is refused', async () => {
    const smtp = await startFakeSmtp({ rejectRecipients: true });
    closers.push(smtp.close);
    const mail = createMailProvider({ SMTP_HOST: '127.0.0.1', SMTP_PORT: smtp.port, SMTP_SECURE: false, SMTP_FROM: 'noreply@example.edu.cn' });
    closers.push(() => mail.close());
    await expect(mail.send({ to: 'nobody@example.edu.cn', subject: 's', text: 't' })).rejects.toThrow(/550/);
  });
});
