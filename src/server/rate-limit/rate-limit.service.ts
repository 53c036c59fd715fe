// What other features use of rate limiting: counting a client against a limit, the error that
// says when to retry, and the procedure that turns it into a Retry-After header.
export {
  clearRateLimit,
  consumeRateLimit,
  consumeRateLimits,
  consumeShardedRateLimit,
  hourlyRule,
  peekRateLimit,
  type RateLimitRule,
  refundRateLimit,
} from './rate-limit.sql';
export { aboutMinutes, RateLimitedError } from './rate-limited.error';
