import { describeSecurityHeaders } from "./testing/security-headers";
import { nodeHost } from "./testing/test-app";

describeSecurityHeaders(nodeHost);
