// The AWS Lambda entry: API Gateway HTTP API (payload 2.0), REST API and Function URL events, through Hono's adapter.
import { handle, type LambdaContext, type LambdaEvent } from "hono/aws-lambda";
import { forTheApp } from "./lambda-event";
import { instanceNote, serviceOnFirstRequest } from "./service-on-first-request";

const appForRequest = serviceOnFirstRequest(() => process.env, { metricsNote: instanceNote("Lambda") });

export const handler = async (event: LambdaEvent, context?: LambdaContext) =>
  handle(await appForRequest())(forTheApp(event), context);
