import { initTRPC, TRPCError } from '@trpc/server';
import { transformer } from './output-transformer';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError } from 'zod';
import { TWO_FACTOR_MESSAGES } from '../../shared/account-security.schema';
import { ACCESS_MESSAGES } from '../../shared/api-error';
import type { TAuditOf } from '../../shared/audit.schema';
import type { Context } from './context';
import { AppError } from '../errors';
import { currentContext } from '../observability/request-context';
import { InputValidationError, describeZodError, errorCodeOf, toTRPCError } from './errors';
import { refuseUnstorableText } from './unsafe-text';

/**
 * A procedure's meta: its REST route, and for a signed-in write what its audit entry says (the
 * action and the kind of record), unless a domain event of the write already filed one.
 */
/** The success statuses a REST answer may have besides 200. */
export type SuccessStatus = 201 | 202 | 204;

export type AppMeta = OpenApiMeta & {
  audit?: TAuditOf;
  /** REST's answer on success when not 200: 201 (it creates), 202 (taken, done later), 204 (nothing to answer). */
  successStatus?: SuccessStatus;
  /**
   * Input fields holding a document the procedure reads value by value under the same text
   * rule (CSV text: each cell), so it can say where the problem is ("Line 2: name").
   */
  textCheckedPerValue?: string[];
};

const t = initTRPC
  .context<Context>()
  .meta<AppMeta>()
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
      const details = error.cause instanceof AppError ? error.cause.details : undefined;
      const errorCode = errorCodeOf(error);
      return {
        ...shape,
        ...details,
        message: zod ? describeZodError(zod) : shape.message,
        // tRPC answers carry it in the error, REST answers (trpc-to-openapi) at the top level.
        requestId: currentContext()?.requestId,
        errorCode,
        data: {
          errorCode,
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

export const publicProcedure = t.procedure
  .use(mapErrors)
  .use(async ({ meta, getRawInput, next }) => {
    refuseUnstorableText(await getRawInput(), meta?.textCheckedPerValue);
    return next();
  })
  // Whoever writes, from where: the audit's event subscriber files a visitor's writes (a lead,
  // a booking) with it; a signed-in write's scope below names the actor.
  .use(({ ctx, type, next }) =>
    type === 'mutation'
      ? ctx.deps.audit.as(
          { actor: null, ip: ctx.ip, userAgent: ctx.req.get('user-agent') ?? null },
          next,
        )
      : next(),
  );

export const authedProcedure = publicProcedure
  .use(async ({ ctx, next }) => {
    const actor = await ctx.actor();
    if (!actor)
      throw new TRPCError({ code: 'UNAUTHORIZED', message: ACCESS_MESSAGES.signInRequired });
    return next({ ctx: { actor } });
  })
  // A write by a signed-in user runs in one transaction with its audit entry (AppDeps.audit):
  // what its events filed, or else what the ORM flushed under the action its meta names. If an
  // entry cannot be written the change is rolled back; a refused write leaves neither.
  .use(async ({ ctx, type, path, meta, getRawInput, next }) => {
    if (type !== 'mutation') return next();
    const audit = meta?.audit;
    if (!audit)
      throw new Error(`${path} is a signed-in write without an audit action (meta.audit)`);
    const writer = {
      actor: { id: ctx.actor.userId, username: ctx.actor.username },
      ip: ctx.ip,
      userAgent: ctx.req.get('user-agent') ?? null,
    };
    let result: Awaited<ReturnType<typeof next>> | undefined;
    await ctx.deps.audit
      .as(writer, () =>
        ctx.em.transactional(async (em) => {
          result = await next({ ctx: { em } });
          if (!result.ok) throw refused;
          await ctx.deps.audit.fileWrite(em, audit, await getRawInput(), result.data);
        }),
      )
      .catch((error: unknown) => {
        if (error !== refused) throw error;
      });
    return result!;
  });

/** Rolls back the transaction of a write that answered with an error (the error is its answer). */
const refused = Symbol('refused');

export const adminProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (ctx.actor.role !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: ACCESS_MESSAGES.adminRequired });
  }
  // With the Security setting on, an admin without two-factor sign-in must set it up first.
  if (ctx.actor.twoFactorSetupRequired)
    throw new TRPCError({ code: 'FORBIDDEN', message: TWO_FACTOR_MESSAGES.required });
  return next();
});
