// The week, month, billing-day, resource, refund and daily-usage suite (testing/limit-kinds.ts) in process.
import { nodeHost } from "../testing/test-app";
import { describeLimitKindRoutes } from "./testing/limit-kinds";

describeLimitKindRoutes(nodeHost);
