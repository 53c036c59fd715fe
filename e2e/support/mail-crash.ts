// The crash drill of mail that must not be lost: the app starts while its mail server is down,
// is killed (SIGKILL) once a send has failed or while one is under way, and comes back on the
// same database with the mail server up. Everything it started is stopped and dropped after the
// file's tests.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll } from 'vitest';
import { freePort } from '../../src/server/free-port';
import { dropDatabase } from '../../src/server/test/pg-admin';
import { startSmtpInbox, type SmtpInbox } from '../../src/server/test/smtp-inbox';
import { startAppServer, type AppServer } from './app-server';

interface SilentServer {
  /** Resolves once a send has connected. */
  connected: Promise<void>;
  close: () => void;
}

/** A mail server that takes connections and never greets: a send to it hangs until killed. */
function listenSilently(port: number): Promise<SilentServer> {
  const sockets: Socket[] = [];
  let connected!: () => void;
  const firstConnection = new Promise<void>((done) => (connected = done));
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    connected();
  });
  return new Promise((listening) =>
    server.listen(port, '127.0.0.1', () =>
      listening({
        connected: firstConnection,
        close: () => {
          for (const socket of sockets) socket.destroy();
          server.close();
        },
      }),
    ),
  );
}

export type MailCrashDrill = ReturnType<typeof useMailCrashDrill>;

export function useMailCrashDrill() {
  let app: AppServer | undefined;
  let inbox: SmtpInbox | undefined;
  let silent: SilentServer | undefined;
  let databaseName: string | undefined;
  let env: Record<string, string> = {};
  const smtpPort = () => Number(new URL(env.SMTP_URL!).port);
  /** The real mail server on the app's SMTP port, in place of a silent one. */
  const mailServerUp = () => {
    silent?.close();
    return startSmtpInbox(smtpPort());
  };
  afterAll(async () => {
    await app?.crash();
    silent?.close();
    await inbox?.close();
    if (databaseName) await dropDatabase(databaseName);
  });
  return {
    /** The app, its SMTP_URL on a port nobody listens on yet. */
    async start(): Promise<AppServer> {
      const port = await freePort();
      env = { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Convoza <hello@convoza.test>' };
      app = await startAppServer({ env });
      databaseName = app.databaseName;
      return app;
    },
    /** Listens on the app's SMTP port without answering; resolves once a send has connected. */
    async holdSends(): Promise<SilentServer> {
      silent = await listenSilently(smtpPort());
      return silent;
    },
    /** Kills the app, starts the mail server on that port, then the app on the same database. */
    async crashAndRecover(): Promise<{ app: AppServer; inbox: SmtpInbox }> {
      await app!.crash();
      inbox = await mailServerUp();
      app = await startAppServer({ env, databaseName });
      return { app, inbox };
    },
    /**
     * Starts a second instance on the same database, kills the first, then starts the mail
     * server: what the first had claimed is the second's to send.
     */
    async crashWithSurvivor(): Promise<{ app: AppServer; inbox: SmtpInbox }> {
      const survivor = await startAppServer({ env, databaseName });
      await app!.crash();
      app = survivor;
      inbox = await mailServerUp();
      return { app, inbox };
    },
  };
}
