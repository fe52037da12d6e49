import { nodeTarget } from "../test-support";
import { describePlanRoutes } from "./testing/plans";

describePlanRoutes(nodeTarget);
