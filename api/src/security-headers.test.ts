import { nodeTarget } from "./test-support";
import { describeSecurityHeaders } from "./testing/security-headers";

describeSecurityHeaders(nodeTarget);
