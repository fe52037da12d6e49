// The Vercel entry: a Node.js function answering Web requests through Hono's adapter (vercel.json routes every path).
import { handle } from "hono/vercel";
import { instanceNote, serviceOnFirstRequest } from "./service-on-first-request";

const appForRequest = serviceOnFirstRequest(() => process.env, { metricsNote: instanceNote("Vercel") });

export default {
  fetch: async (request: Request) => handle(await appForRequest())(request),
};
