import { generateOpenApiDocument } from 'trpc-to-openapi';
import { SESSION_COOKIE } from './auth/session';
import { appRouter } from './app-router';
import { applyApiConventions } from './trpc/openapi-conventions';
import { successStatuses } from './trpc/rest-meta';
import type { SuccessStatus } from './trpc/trpc';
import { streamedRoutes } from './streamed-routes';
import { z } from 'zod';
import { webhookBody } from '../shared/webhooks.schema';
import { appFeatures } from './features';
import type { WebhookEvent } from './feature';

type OpenApiDocument = ReturnType<typeof generateOpenApiDocument>;
const cached = new WeakMap<readonly WebhookEvent[], OpenApiDocument>();

/**
 * The REST API description (OpenAPI 3.1), generated from the same procedures that serve it, with
 * the webhook events the app sends (the product's when not given).
 */
export function openApiDocument(
  webhookEvents: readonly WebhookEvent[] = appFeatures.webhookEvents,
): OpenApiDocument {
  let doc = cached.get(webhookEvents);
  if (!doc) cached.set(webhookEvents, (doc = buildDocument(webhookEvents)));
  return doc;
}

function buildDocument(webhookEvents: readonly WebhookEvent[]): OpenApiDocument {
  const doc = generateOpenApiDocument(appRouter, {
    title: 'Convoza API',
    description:
      'REST face of the Convoza tRPC procedures. Admin operations need the session cookie set by POST /api/auth/login. ' +
      'TypeScript clients can use /trpc with the exported AppRouter type instead.',
    version: '1.0.0',
    baseUrl: '/api',
    securitySchemes: { cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
  });
  applySuccessStatus(doc, successStatuses(appRouter));
  // The streamed routes (CSV files, the upload) are described where they are declared.
  doc.paths ??= {};
  for (const { path, method, operation } of streamedRoutes())
    if (operation) doc.paths[path] = { ...doc.paths[path], [method]: operation };
  applyApiConventions(doc);
  doc.webhooks = webhookOperations(webhookEvents);
  return doc;
}

/** A JSON Schema of `schema`'s output, as a receiver reads it (no closed objects: fields may be added). */
function receiverSchema(schema: z.ZodType): Record<string, unknown> {
  const open = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(open);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(
          ([key, value]) =>
            key !== '$schema' && !(key === 'additionalProperties' && value === false),
        )
        .map(([key, value]) => [key, open(value)]),
    );
  };
  return open(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })) as Record<
    string,
    unknown
  >;
}

/**
 * Every webhook event the features send (OpenAPI 3.1 `webhooks`): the body each delivery posts,
 * as its registration declares it, and what the receiver answers.
 */
function webhookOperations(
  webhookEvents: readonly WebhookEvent[],
): NonNullable<OpenApiDocument['webhooks']> {
  return Object.fromEntries(
    webhookEvents.map((event) => [
      event.type,
      {
        post: {
          operationId: `webhook-${event.type.replace(/[._]/g, '-')}`,
          summary: event.label,
          description:
            `Version ${event.version}. Sent to every enabled endpoint subscribed to \`${event.type}\`, signed per Standard Webhooks: ` +
            '`webhook-id` (the same on every attempt: drop repeats), `webhook-timestamp` (Unix seconds) and `webhook-signature` ' +
            '(`v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed with the base64 part of the secret after `whsec_`).',
          tags: ['webhooks'],
          security: [],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: receiverSchema(webhookBody(event.type, event.data)) },
            },
          },
          responses: {
            '200': {
              description: 'Received (any 2xx); anything else, or no answer in 10 s, is retried',
            },
            '400': { description: 'Not taken; retried like any other answer but a 2xx' },
          },
        },
      },
    ]),
  ) as NonNullable<OpenApiDocument['webhooks']>;
}

/** A success other than 200 is documented as it is sent: 201 with the body, 204 without one. */
function applySuccessStatus(doc: OpenApiDocument, statuses: Map<string, SuccessStatus>) {
  const byOperation = new Map(
    [...statuses].map(([path, status]) => [path.replaceAll('.', '-'), status]),
  );
  for (const path of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(path ?? {}) as {
      operationId?: string;
      responses?: Record<string, unknown>;
    }[]) {
      const status = byOperation.get(operation?.operationId ?? '');
      if (!operation?.responses || !status) continue;
      const { '200': ok, ...rest } = operation.responses;
      operation.responses =
        status === 201
          ? { '201': ok, ...rest }
          : { '204': { description: 'Done; no body' }, ...rest };
    }
}
