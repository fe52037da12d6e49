import { nodeHost } from "../testing/test-app";
import { describeCustomerRoutes } from "./testing/customers";

describeCustomerRoutes(nodeHost);
