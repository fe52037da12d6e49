import { nodeTarget } from "../testing/test-app";
import { describeAuditRoutes } from "./testing/audit";

describeAuditRoutes(nodeTarget);
