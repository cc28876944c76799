// A real SMTP server for tests (the outbox's, and the journeys that read a mail): it keeps what
// it receives, parsed, and can turn the next messages away.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/** An SMTP server that keeps what it receives; `refuse` makes it turn the next n messages away. */
export async function smtpServer() {
  const received: Received[] = [];
  let refuse = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      void simpleParser(stream).then((mail) => {
        if (refuse > 0) {
          refuse--;
          return callback(new Error('451 try again later'));
        }
        received.push({
          to: (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text ?? '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          messageId: mail.messageId ?? '',
        });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (n: number) => void (refuse = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
