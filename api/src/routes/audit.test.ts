import { nodeHost } from "../testing/test-app";
import { describeAuditRoutes } from "./testing/audit";

describeAuditRoutes(nodeHost);
