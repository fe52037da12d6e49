import { nodeTarget } from "../test-support";
import { describeOpenApiDocument } from "./testing/docs";

describeOpenApiDocument(nodeTarget);
