// A real SMTP server in the test process (smtp-server) whose messages are parsed with mailparser.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpInbox {
  url: string;
  messages: ParsedMail[];
  /** When each of `messages` was received (Date.now(), same order). */
  receivedAt: number[];
  /** Refuse the next `n` messages with a 451 (a temporary failure: the sender retries). */
  refuseNext: (n: number) => void;
  /** Resolves once at least `count` messages arrived; rejects after `ms`. */
  waitFor: (count: number, ms?: number) => Promise<ParsedMail[]>;
  close: () => Promise<void>;
}

/**
 * Listens on `port` when given (e.g. a port an app was told about before the server existed);
 * `acceptAfterMs` makes it a slow relay that takes that long to accept each message.
 */
export async function startSmtpInbox(
  port = 0,
  { acceptAfterMs = 0 }: { acceptAfterMs?: number } = {},
): Promise<SmtpInbox> {
  const messages: ParsedMail[] = [];
  const receivedAt: number[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    // smtp-server's built-in certificate is expired: plain SMTP, no STARTTLS.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 })),
        );
        return;
      }
      const arrived = Date.now();
      simpleParser(stream)
        .then(async (mail) => {
          if (acceptAfterMs) await new Promise((r) => setTimeout(r, acceptAfterMs));
          messages.push(mail);
          receivedAt.push(arrived);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    receivedAt,
    refuseNext: (n) => (refusals = n),
    waitFor: async (count, ms = 15_000) => {
      const deadline = Date.now() + ms;
      while (messages.length < count) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} emails, got ${messages.length} in ${ms} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return messages;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
