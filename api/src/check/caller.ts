// Who a check or a refund counts against: a customer's live API key, or an IP address under the plan `anonymous`.
import type { CheckTarget } from "../config/customer-target";
import type { AppDeps } from "../deps";
import { ApiError } from "../errors";
import { customerSubject, ipSubject } from "../quota/subject";

export type Caller = { subject: string; target: CheckTarget };

/**
 * The caller's counters and policy. Cached targets are values, not promises: awaited only when they are
 * promises, as a check is the service's hottest path. Unknown keys and a missing anonymous plan are 403 unknown_key.
 */
export function callerOf(config: AppDeps["config"], who: { key?: string; ip?: string }): Caller | Promise<Caller> {
  if (who.key !== undefined) {
    const found = config.targets.byKey(who.key);
    return found instanceof Promise ? found.then(ofCustomer) : ofCustomer(found);
  }
  const subject = ipSubject(who.ip as string);
  if (!subject) throw new ApiError("invalid_request", "ip: not an IPv4 or IPv6 address");
  const anonymous = (target: CheckTarget | null): Caller => {
    if (!target) throw new ApiError("unknown_key", "anonymous checks need a plan with id anonymous");
    return { subject, target };
  };
  const found = config.targets.anonymous();
  return found instanceof Promise ? found.then(anonymous) : anonymous(found);
}

function ofCustomer(target: CheckTarget | null): Caller {
  if (!target) throw new ApiError("unknown_key", "the key does not exist or has been revoked");
  return { subject: customerSubject(target.customerId as string), target };
}
