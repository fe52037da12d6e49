import { nodeTarget } from "../testing/test-app";
import { describePlanRoutes } from "./testing/plans";

describePlanRoutes(nodeTarget);
