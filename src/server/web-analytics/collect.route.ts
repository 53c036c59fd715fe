import express, { type Request, type Response } from 'express';
import { isbot } from 'isbot';
import {
  COLLECT_MAX_BYTES,
  deviceOf,
  UTM_PARAMETERS,
  ZPageViewBeacon,
} from '../../shared/web-analytics.schema';
import type { AppDeps } from '../app-deps';
import { clientIp } from '../http/client-ip';
import { pageViewsDropped } from '../observability/metrics';
import { sendApiError } from '../http/send-api-error';
import type { StreamedRoute } from '../http/streamed-route';
import { storableTextProblem } from '../../shared/text.schema';
import { describeZodError } from '../trpc/errors';
import { firstUnstorable } from '../trpc/unsafe-text';
import { COLLECT_PER_MINUTE, COLLECT_PER_MINUTE_PER_48 } from './collect-limit';
import type { PageViewRow } from './visitors.sql';
import { visitorOf } from './visitor-key.service';

/** The body as text, JSON or what sendBeacon sends (text/plain), up to COLLECT_MAX_BYTES. */
const readText = express.text({ type: () => true, limit: COLLECT_MAX_BYTES });

const refuse = (res: Response, status: number, message: string, field: string) =>
  sendApiError(res, status, status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', message, [
    { message, path: [field] },
  ]);

/** A page of this site (its host, not the back office or the API), or null. */
function pageOf(req: Request, url: string): URL | null {
  let page: URL;
  try {
    page = new URL(url);
  } catch {
    return null;
  }
  const ours = page.host === req.get('host') && /^https?:$/.test(page.protocol);
  return ours && !/^\/(admin|api|trpc)(\/|$)/.test(page.pathname) ? page : null;
}

/** The referring site's host; none for our own pages or what is not a URL. */
function referrerHost(req: Request, referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const host = new URL(referrer).host.toLowerCase().slice(0, 255);
    return host && host !== req.get('host') ? host : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/collect { url, referrer?, width? }: one page view of a public page, sent by the page
 * after it loaded. Answers 202 with no body and sets no cookie. Stores no IP address, no user
 * agent and no query parameter but utm_*; a bot, or a network past its limit, is answered the
 * same and not counted.
 */
export const collectRoute: StreamedRoute = {
  method: 'post',
  path: '/collect',
  operation: {
    operationId: 'public-collect',
    summary: 'Count one page view of a public page (sent by the page itself; no cookie)',
    description: `JSON as application/json or text/plain (what navigator.sendBeacon sends), at most ${COLLECT_MAX_BYTES} bytes. url must be a page of this site. Answers 202 with no body. Stored: the path, the utm_* parameters, the referrer's host, the device class from width (mobile < 768 ≤ tablet < 1024 ≤ desktop) a visitor key (a hash of a daily random salt, the network and the browser, which cannot be made again once the salt is deleted after 48 hours) and the network's hash with the same salt. Bots (a maintained user-agent list), a network past ${COLLECT_PER_MINUTE} page views a minute (an IPv4 address or IPv6 /64) or ${COLLECT_PER_MINUTE_PER_48} (an IPv6 /48), all instances together, and page views past the day's cap are not counted.`,
    tags: ['public'],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              url: { type: 'string' },
              referrer: { type: 'string' },
              width: { type: 'integer' },
            },
            required: ['url'],
          },
        },
      },
    },
    responses: {
      '202': { description: 'Taken (counted unless from a bot or a flood)' },
      '400': { description: 'Not JSON, or url is not a page of this site' },
      '413': { description: `Larger than ${COLLECT_MAX_BYTES} bytes` },
    },
  },
  handler: (deps) => (req, res, next) =>
    readText(req, res, (error?: unknown) => {
      if (error) {
        const tooLarge = (error as { type?: string }).type === 'entity.too.large';
        if (tooLarge)
          return refuse(res, 413, `A page view is at most ${COLLECT_MAX_BYTES} bytes`, 'body');
        return next(error);
      }
      void collect(req, res, deps).catch(next);
    }),
};

async function collect(req: Request, res: Response, deps: AppDeps) {
  let body: unknown;
  try {
    body = JSON.parse(typeof req.body === 'string' ? req.body : '');
  } catch {
    return refuse(res, 400, 'The page view must be JSON: { url, referrer?, width? }', 'body');
  }
  // Text PostgreSQL cannot store (NUL, a lone surrogate) is named as the procedures name it.
  const unstorable = firstUnstorable(body);
  if (unstorable)
    return refuse(
      res,
      400,
      `${unstorable.path.join('.')}: ${unstorable.problem}`,
      unstorable.path[0] ?? 'body',
    );
  const beacon = ZPageViewBeacon.safeParse(body);
  if (!beacon.success)
    return refuse(
      res,
      400,
      describeZodError(beacon.error),
      String(beacon.error.issues[0]?.path[0] ?? 'body'),
    );
  const page = pageOf(req, beacon.data.url);
  if (!page) return refuse(res, 400, 'url must be a page of this site', 'url');
  const userAgent = req.get('user-agent') ?? '';
  const ip = clientIp(req.ip ?? req.socket.remoteAddress);
  if (!userAgent || isbot(userAgent)) {
    // Answered like any page view: a bot learns nothing from it.
  } else if (!deps.pageViews.allow(ip)) {
    pageViewsDropped.inc({ reason: 'rate_limited' });
  } else {
    const now = new Date();
    const visitor = await visitorOf(deps.orm.em.fork(), { ip, userAgent }, now);
    // A decoded parameter may hold a NUL, which would fail the whole batch's insert: dropped.
    const utm = (name: string) => {
      const value = page.searchParams.get(name)?.trim().slice(0, 200);
      return value && !storableTextProblem(value) ? value : null;
    };
    deps.pageViews.add({
      viewedAt: now,
      visitor: visitor.key,
      network: visitor.network,
      path: page.pathname.slice(0, 500),
      referrerHost: referrerHost(req, beacon.data.referrer ?? undefined),
      ...(Object.fromEntries(UTM_PARAMETERS.map(([name, field]) => [field, utm(name)])) as Pick<
        PageViewRow,
        (typeof UTM_PARAMETERS)[number][1]
      >),
      device: deviceOf(beacon.data.width),
    });
  }
  res.status(202).end();
}
