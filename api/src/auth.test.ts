import { nodeTarget } from "./test-support";
import { describeAuthMatrix } from "./testing/auth-matrix";

describeAuthMatrix(nodeTarget);
