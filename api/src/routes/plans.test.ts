import { nodeHost } from "../testing/test-app";
import { describePlanRoutes } from "./testing/plans";

describePlanRoutes(nodeHost);
