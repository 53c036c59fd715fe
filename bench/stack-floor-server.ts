// The floor of the fixed stack for acknowledging a lead (bench/submit-throughput.ts): Express 5,
// a tRPC 11 procedure served as POST /api/contacts by trpc-to-openapi, its input parsed by the
// app's own zod schema, and the bare baseline's raw pg writes (bench/bare-lead-store.ts) as its
// body. No ORM, no middleware of the app, no checks beyond the key look-up: what any lead path on
// this stack pays before doing anything of its own.
//   DATABASE_URL=... PORT=... node --import tsx bench/stack-floor-server.ts
import express from 'express';
import pg from 'pg';
import { initTRPC, TRPCError } from '@trpc/server';
import { createOpenApiExpressMiddleware, type OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { ZContactSubmit } from '../src/shared/contacts.schema';
import { storeLead } from './bare-lead-store';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const t = initTRPC.context<{ authorization: string }>().meta<OpenApiMeta>().create();

const router = t.router({
  submit: t.procedure
    .meta({ openapi: { method: 'POST', path: '/contacts' } })
    .input(ZContactSubmit)
    .output(z.object({ success: z.boolean(), contact: z.object({ id: z.number() }) }))
    .mutation(async ({ ctx, input }) => {
      const stored = await storeLead(
        pool,
        ctx.authorization.slice('Bearer '.length),
        input,
        undefined,
      );
      if (stored === 401) throw new TRPCError({ code: 'UNAUTHORIZED' });
      return { success: true, contact: { id: stored.contactId } };
    }),
});

const app = express();
app.use(express.json());
app.use(
  '/api',
  createOpenApiExpressMiddleware({
    router,
    createContext: ({ req }) => ({ authorization: req.get('authorization') ?? '' }),
  }),
);
app.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
