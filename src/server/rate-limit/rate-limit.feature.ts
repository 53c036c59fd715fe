import type { Feature } from '../feature';
import { RateLimitWindow } from './rate-limit.entity';
import { pruneRateLimitWindows } from './rate-limit.sql';

export const rateLimitFeature: Feature = {
  name: 'rateLimit',
  entities: [RateLimitWindow],
  maintenance: [{ name: 'rateLimitWindows', run: (em, now) => pruneRateLimitWindows(em, now) }],
};
