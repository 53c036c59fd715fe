// What other features use of rate limiting: counting a client against a limit, the error that
// says when to retry, and the procedure that turns it into a Retry-After header.
export {
  addRateLimitHits,
  clearRateLimit,
  consumeRateLimit,
  consumeRateLimits,
  consumeShardedRateLimitHits,
  hourlyRule,
  peekRateLimit,
  type RateLimitRule,
  type RateLimitState,
  refundRateLimit,
} from './rate-limit.sql';
export { aboutMinutes, RateLimitedError } from './rate-limited.error';
