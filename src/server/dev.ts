import { createServer as createViteServer } from 'vite';
import { loadConfig } from './config';
import { startServer } from './server';

// Development: Express serves /api and /trpc and hands everything else to Vite (HMR).
const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'spa' });
const running = await startServer(loadConfig(), (app) => app.use(vite.middlewares), false);
process.stdout.write(`\nDev server at ${running.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () => void Promise.all([running.stop(), vite.close()]).then(() => process.exit(0)),
  );
}
