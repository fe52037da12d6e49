// A whole number read from a query string, such as ?limit=50. z.coerce.number alone is Number(text), which also
// takes "0x10" (16), "1e2" (100), " 50 " and "5.0": bad input that would go through as some other number.
import { z } from "@hono/zod-openapi";

const DIGITS = /^[0-9]{1,16}$/;

/** `schema` (a z.coerce.number() with its range and default) for decimal digits only, such as 50. */
export const queryCount = <T extends z.ZodType>(
  schema: T,
  message = "expected a whole number in decimal digits, such as 50",
) =>
  z.preprocess((text, ctx) => {
    if (typeof text === "string" && !DIGITS.test(text)) ctx.issues.push({ code: "custom", input: text, message });
    return text;
  }, schema);
