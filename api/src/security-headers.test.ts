import { describeSecurityHeaders } from "./testing/security-headers";
import { nodeTarget } from "./testing/test-app";

describeSecurityHeaders(nodeTarget);
