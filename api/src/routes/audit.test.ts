import { nodeTarget } from "../test-support";
import { describeAuditRoutes } from "./testing/audit";

describeAuditRoutes(nodeTarget);
