// The package's `./client` export: the typed client and the Hono middleware for backend services.
export {
  type BouncerClient,
  BouncerError,
  BouncerUnavailable,
  type CheckBody,
  type CheckResult,
  createClient,
  type LimitEntry,
  type Usage,
} from "./client";
export { QUOTA_EXCEEDED, type RateLimitOptions, rateLimit } from "./middleware";
