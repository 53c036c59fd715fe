import { initTRPC, TRPCError } from '@trpc/server';
import { transformer } from './output-transformer';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError } from 'zod';
import { TWO_FACTOR_MESSAGES } from '../../shared/account-security.schema';
import { ACCESS_MESSAGES } from '../../shared/api-error';
import { runInAuditScope, type AuditScope } from '../audit/audit-context';
import { auditMutation } from '../audit/audit-writes';
import type { Context } from './context';
import { AppError } from '../errors';
import { InputValidationError, describeZodError, toTRPCError } from './errors';

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    transformer,
    errorFormatter({ shape, error }) {
      const zod =
        error.cause instanceof InputValidationError
          ? error.cause.zodError
          : error.cause instanceof ZodError
            ? error.cause
            : null;
      // A domain error about one input field (a wrong password) names it like a zod issue does.
      const field = error.cause instanceof AppError ? error.cause.field : undefined;
      const issues = zod
        ? zod.issues.map((i) => ({ path: i.path.map(String), message: i.message }))
        : field
          ? [{ path: [field], message: shape.message }]
          : undefined;
      return {
        ...shape,
        message: zod ? describeZodError(zod) : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          fieldErrors: zod ? fieldErrors(zod) : field ? { [field]: shape.message } : undefined,
          issues,
        },
      };
    },
  });

function fieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toTRPCError(result.error);
  return result;
});

export const publicProcedure = t.procedure.use(mapErrors);

export const authedProcedure = publicProcedure
  .use(async ({ ctx, next }) => {
    const actor = await ctx.actor();
    if (!actor)
      throw new TRPCError({ code: 'UNAUTHORIZED', message: ACCESS_MESSAGES.signInRequired });
    return next({ ctx: { actor } });
  })
  // Every write by a signed-in user leaves an audit entry (audit/), with what the ORM flushed.
  .use(async ({ ctx, type, path, getRawInput, next }) => {
    if (type !== 'mutation') return next();
    const scope: AuditScope = {
      actor: { id: ctx.actor.userId, username: ctx.actor.username },
      ip: ctx.ip,
      userAgent: ctx.req.get('user-agent') ?? null,
      flushed: [],
    };
    const result = await runInAuditScope(scope, () => next());
    if (result.ok)
      await auditMutation(ctx.deps, ctx.actor, path, await getRawInput(), result.data, scope).catch(
        (error: unknown) => ctx.deps.log.error('Audit entry failed', { error: String(error) }),
      );
    return result;
  });

export const adminProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (ctx.actor.role !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: ACCESS_MESSAGES.adminRequired });
  }
  // With the Security setting on, an admin without two-factor sign-in must set it up first.
  if (ctx.actor.twoFactorSetupRequired)
    throw new TRPCError({ code: 'FORBIDDEN', message: TWO_FACTOR_MESSAGES.required });
  return next();
});
