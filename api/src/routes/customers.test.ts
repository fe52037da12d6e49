import { nodeTarget } from "../testing/test-app";
import { describeCustomerRoutes } from "./testing/customers";

describeCustomerRoutes(nodeTarget);
