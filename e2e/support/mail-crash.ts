// The crash drill of mail that must not be lost: the app starts while its mail server is down,
// is killed (SIGKILL) once a send has failed, and comes back on the same database with the mail
// server up. Everything it started is stopped and dropped after the file's tests.
import { afterAll } from 'vitest';
import { freePort } from '../../src/server/free-port';
import { dropDatabase } from '../../src/server/test/pg-admin';
import { startSmtpInbox, type SmtpInbox } from '../../src/server/test/smtp-inbox';
import { startAppServer, type AppServer } from './app-server';

export function useMailCrashDrill() {
  let app: AppServer | undefined;
  let inbox: SmtpInbox | undefined;
  let databaseName: string | undefined;
  let env: Record<string, string> = {};
  afterAll(async () => {
    await app?.crash();
    await inbox?.close();
    if (databaseName) await dropDatabase(databaseName);
  });
  return {
    /** The app, its SMTP_URL on a port nobody listens on yet. */
    async start(): Promise<AppServer> {
      const smtpPort = await freePort();
      env = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Convoza <hello@convoza.test>' };
      app = await startAppServer({ env });
      databaseName = app.databaseName;
      return app;
    },
    /** Kills the app, starts the mail server on that port, then the app on the same database. */
    async crashAndRecover(): Promise<{ app: AppServer; inbox: SmtpInbox }> {
      await app!.crash();
      inbox = await startSmtpInbox(Number(new URL(env.SMTP_URL!).port));
      app = await startAppServer({ env, databaseName });
      return { app, inbox };
    },
  };
}
