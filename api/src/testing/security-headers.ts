// Browser-facing defaults over a RouteHost: in process (security-headers.test.ts) and on the Worker
// (entry/worker-routes.workerd.test.ts).
import { describe, expect, test } from "vitest";
import type { RouteHost } from "./test-app";

export function describeSecurityHeaders(target: RouteHost) {
  describe("browser-facing defaults", () => {
    test("every response carries a Content-Security-Policy and the usual security headers", async () => {
      const t = await target.fresh();
      for (const path of ["/healthz", "/openapi.json", "/usage"]) {
        const res = await t.call("GET", path);
        const csp = res.headers.get("content-security-policy") ?? "";
        expect(csp, path).toContain("default-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("script-src 'self';");
        expect(res.headers.get("x-frame-options")).toBe("DENY");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      }
      // API answers are JSON, never rendered: a policy that allows nothing, and the anti-sniffing headers.
      for (const path of ["/v1/plans", "/v1/nothing"]) {
        const res = await t.call("GET", path);
        expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        expect(res.headers.get("x-frame-options")).toBe("DENY");
        expect(res.headers.get("cache-control")).toBe("no-store");
      }
      // Found by an audit: a secret shown once went out with nothing to stop a cache on the way keeping it.
      const made = await t.call("POST", "/v1/tokens", { body: { name: "ci", role: "service" } });
      expect(made.status).toBe(201);
      expect(made.headers.get("cache-control")).toBe("no-store");
      // The API reference too: its settings are a script of the server's own, not inline (it used to allow inline ones).
      expect((await t.call("GET", "/docs")).headers.get("content-security-policy")).toContain("script-src 'self';");
    });

    test("the admin API is not open to other origins: no CORS headers, preflight or not", async () => {
      const t = await target.fresh();
      const origin = { origin: "https://evil.example" };
      const preflight = await t.call("OPTIONS", "/v1/plans", {
        token: null,
        headers: {
          ...origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization",
        },
      });
      expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
      expect(preflight.headers.get("access-control-allow-headers")).toBeNull();
      const read = await t.call("GET", "/v1/plans", { headers: origin });
      expect(read.headers.get("access-control-allow-origin")).toBeNull();
      expect(read.headers.get("access-control-allow-credentials")).toBeNull();
    });
  });
}
