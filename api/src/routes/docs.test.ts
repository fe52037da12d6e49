import { nodeTarget } from "../testing/test-app";
import { describeOpenApiDocument } from "./testing/docs";

describeOpenApiDocument(nodeTarget);
