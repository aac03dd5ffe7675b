/**
 * Test support: a small SMTP server on a local port that records what it is sent, so the SMTP
 * provider is tested through nodemailer and a real socket. Used by *.test.ts files only.
 */
import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and MIME body). */
  data: string;
  /** The PLAIN credentials the client authenticated with, if any. */
  auth: { user: string; pass: string } | null;
}

export async function startFakeSmtp(options: { rejectRecipients?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let awaitingPlain = false;
    let auth: ReceivedMail['auth'] = null;
    let current = { from: '', to: [] as string[], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const plain = (b64: string) => {
      const [, user = '', pass = ''] = Buffer.from(b64, 'base64').toString('utf8').split('\0');
      auth = { user, pass };
      reply('235 2.7.0 Authentication successful');
    };
    reply('220 fake.smtp.test ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push({ ...current, auth });
            current = { from: '', to: [], data: '' };
            reply('250 2.0.0 OK queued');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        if (awaitingPlain) {
          awaitingPlain = false;
          plain(line);
          continue;
        }
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') reply('250-fake.smtp.test\r\n250-AUTH PLAIN\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 fake.smtp.test');
        else if (verb === 'AUTH') {
          const [, , initial] = line.split(' ');
          if (initial) plain(initial);
          else {
            awaitingPlain = true;
            reply('334 ');
          }
        } else if (verb === 'MAIL') {
          current.from = /<(.*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 OK');
        } else if (verb === 'RCPT') {
          if (options.rejectRecipients) reply('550 5.1.1 Mailbox unavailable');
          else {
            current.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 OK');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 OK');
        else if (verb === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else reply('502 5.5.2 Command not recognised');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A MIME encoded-word header value (=?UTF-8?B?…?= / =?UTF-8?Q?…?=), decoded. */
export function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

export function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The subject and the text/plain body of a received message. */
export function readMail(raw: string): { subject: string; text: string } {
  const subjectLine = /^Subject: (.*(?:\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  const subject = decodeHeader(subjectLine.replace(/\n[ \t]/g, ' '));
  const part = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*?Content-Transfer-Encoding: ([\w-]+)\n\n([\s\S]*?)\n(?:--|$)/i.exec(raw);
  if (!part) return { subject, text: '' };
  const [, encoding, body] = part;
  const text = encoding!.toLowerCase() === 'base64' ? Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8') : encoding!.toLowerCase() === 'quoted-printable' ? decodeQuotedPrintable(body!) : body!;
  return { subject, text: text.replace(/\r?\n$/, '') };
}
