import { resolve } from 'node:path';
import { loadConfig } from './config';
import { serveBuiltFrontend } from './http/frontend';
import { startServer } from './server';

const config = loadConfig();
const running = await startServer(config, (app) => serveBuiltFrontend(app, resolve('dist/client')));
process.stdout.write(
  `\nConvoza is running at ${running.url}  (admin: ${running.url}/admin/login)\n\n`,
);

// SIGTERM (an orchestrator, a deploy) drains; Ctrl-C (SIGINT) stops without the delay.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const delaySeconds = signal === 'SIGTERM' ? config.SHUTDOWN_DELAY_SECONDS : 0;
    running.stop({ delaySeconds }).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
