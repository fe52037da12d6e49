// The API's own domain rules and types, shared with the browser so forms validate exactly as the API does.
import "./zod-jitless";

export { type Customer, CustomerCreate, effectiveLimits, Overrides } from "../../../api/src/domain/customer";
export {
  LIMIT_FIELDS,
  type LimitField,
  type Limits,
  limitViolations,
  PLAN_ID,
  type Plan,
  PlanCreate,
  PlanPatch,
} from "../../../api/src/domain/plan";
