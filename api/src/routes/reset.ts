// POST /v1/customers/{id}/reset (contract section 4): clears a customer's counters, audited.
import { createRoute } from "@hono/zod-openapi";
import { allow } from "../auth";
import type { App, AppDeps } from "../deps";
import { ApiError } from "../errors";
import { BY_ID_ERRORS, errorResponses, jsonContent, noBody, security } from "../http";
import type { Limiter } from "../quota/limiter";
import { customerSubject } from "../quota/subject";
import { CustomerParam } from "./id-param";
import { Usage } from "./usage";

export function registerReset(app: App, { config }: AppDeps, limiter: Limiter) {
  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/customers/{id}/reset",
      operationId: "resetCustomer",
      tags: ["Usage"],
      security,
      summary: "Clear a customer's counters",
      description:
        "Every limit of the customer starts afresh. The per-minute history of checks is kept. Audited as customer.reset.",
      middleware: [allow("admin"), noBody],
      request: {
        params: CustomerParam,
      },
      responses: {
        200: jsonContent(Usage, "The customer's limits after the reset"),
        ...errorResponses(...BY_ID_ERRORS),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const target = await config.targets.byCustomer(id);
      if (!target) throw new ApiError("not_found", `customer ${id} does not exist`);
      const subject = customerSubject(id);
      const before = await limiter.usage(subject, target);
      await limiter.reset(subject);
      const after = await limiter.usage(subject, target);
      await config.audit.record({
        at: new Date().toISOString(),
        actor: c.get("principal").actor,
        action: "customer.reset",
        target: id,
        before: { limits: before },
        after: { limits: after },
      });
      return c.json({ customerId: id, planId: target.planId, limits: after }, 200);
    },
  );
}
