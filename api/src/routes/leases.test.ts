// The lease routes (testing/leases.ts) in process, on the memory store.

import { nodeHost } from "../testing/test-app";
import { describeLeaseRoutes } from "./testing/leases";

describeLeaseRoutes(nodeHost);
