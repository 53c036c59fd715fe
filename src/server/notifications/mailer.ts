import type { Transporter } from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per message, so a resent message is recognisably the same one. */
  messageId: string;
  /**
   * An iCalendar object (with its METHOD) to send as an iMIP invitation (RFC 6047): a
   * `text/calendar; method=...` alternative, which Gmail and Outlook add to the calendar, and
   * the same object as an `invite.ics` attachment for every other client.
   */
  calendar?: string;
}

/** The METHOD of an iCalendar object (REQUEST, CANCEL, PUBLISH). */
const methodOf = (calendar: string) => /^METHOD:([A-Z-]+)\r?$/m.exec(calendar)?.[1] ?? 'PUBLISH';

/**
 * nodemailer (10+) writes an icalEvent twice itself: the text/calendar alternative and the
 * application/ics `invite.ics` attachment. Adding our own attachment sent the file twice.
 */
function calendarParts(calendar: string | undefined) {
  if (!calendar) return {};
  return { icalEvent: { method: methodOf(calendar), content: calendar, filename: 'invite.ics' } };
}

export interface Mailer {
  /** The sender, as MAIL_FROM set it. */
  from: string;
  send: (email: OutgoingEmail) => Promise<void>;
  close: () => void;
}

/**
 * SMTP through nodemailer: `smtp://user:pass@host:port`, or `smtps://` for TLS from the start.
 * nodemailer loads with the first message, not with every start of the server.
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  let transport: Promise<Transporter> | undefined;
  const connected = () => (transport ??= createTransport(url));
  return {
    from,
    send: async ({ calendar, ...email }) => {
      await (await connected()).sendMail({ from, ...email, ...calendarParts(calendar) });
    },
    close: () => void transport?.then((open) => open.close()),
  };
}

async function createTransport(url: URL): Promise<Transporter> {
  const { default: nodemailer } = await import('nodemailer');
  const secure = url.protocol === 'smtps:';
  return nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    // Connections are kept and reused: a lead's alert and auto-reply, and the next lead's, go
    // over an open session instead of a new TCP (and TLS) handshake each.
    pool: true,
    maxConnections: 5,
    maxMessages: 500,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    // A stuck server fails the attempt (and the job retries) instead of holding a worker.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}
