import { nodeHost } from "../testing/test-app";
import { describeOpenApiDocument } from "./testing/docs";

describeOpenApiDocument(nodeHost);
