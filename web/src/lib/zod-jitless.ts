// Imported first by lib/domain.ts, before the API's schemas: zod must not probe `new Function`, which the Content-Security-Policy forbids and
// reports as a console error even though zod catches it. It decides when a schema is built, so this runs before any.
import { z } from "zod";

z.config({ jitless: true });
