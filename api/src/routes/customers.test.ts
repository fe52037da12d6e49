import { nodeTarget } from "../test-support";
import { describeCustomerRoutes } from "./testing/customers";

describeCustomerRoutes(nodeTarget);
