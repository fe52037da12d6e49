// The API's own domain rules and types, shared with the browser so forms validate exactly as the API does.
import "./zod-jitless";

export {
  type Customer,
  CustomerCreate,
  effectiveAlerts,
  effectiveLimits,
  effectiveResources,
  Overrides,
} from "../../../api/src/domain/customer";
export {
  Alerts,
  LIMIT_FIELDS,
  LIMIT_KINDS,
  type LimitField,
  type Limits,
  MAX_ALERTS,
  MAX_RESOURCES,
  noLimits,
  PLAN_ID,
  type Plan,
  PlanCreate,
  PlanPatch,
  planViolations,
  RESOURCE_NAME,
  type Resources,
  WINDOW_KINDS,
} from "../../../api/src/domain/plan";
export { MAX_REQUESTS, type Simulation, simulate, type Traffic } from "../../../api/src/quota/simulate";
