// The UI's routes: the admin console at / (Plans, Customers, Live, Webhooks, Tokens, Audit) and the customer page at /usage.
// Each page loads on first visit, so a customer's phone never downloads the admin console.
import { createBrowserRouter } from "react-router";
import { Loading } from "../components/ui/states";
import { AdminLayout } from "./admin-layout";
import { NotFound } from "./not-found";
import { pageCode } from "./page-code";
import { PageError } from "./page-error";

const pageLoading = <Loading label="Loading…" />;

export const router = createBrowserRouter([
  {
    path: "/",
    element: <AdminLayout />,
    hydrateFallbackElement: pageLoading,
    children: [
      {
        // A page that fails (its code not fetched while the server is down) fails here, in the console's frame.
        errorElement: <PageError />,
        children: [
          {
            index: true,
            lazy: pageCode(async () => ({
              Component: (await import("../features/plans/components/plans-page")).PlansPage,
            })),
          },
          {
            path: "customers",
            lazy: pageCode(async () => ({
              Component: (await import("../features/customers/components/customers-page")).CustomersPage,
            })),
          },
          {
            path: "live",
            lazy: pageCode(async () => ({
              Component: (await import("../features/live/components/live-page")).LivePage,
            })),
          },
          {
            path: "webhooks",
            lazy: pageCode(async () => ({
              Component: (await import("../features/webhooks/components/webhooks-page")).WebhooksPage,
            })),
          },
          {
            path: "tokens",
            lazy: pageCode(async () => ({
              Component: (await import("../features/tokens/components/tokens-page")).TokensPage,
            })),
          },
          {
            path: "audit",
            lazy: pageCode(async () => ({
              Component: (await import("../features/audit/components/audit-page")).AuditPage,
            })),
          },
        ],
      },
    ],
  },
  {
    path: "/usage",
    hydrateFallbackElement: pageLoading,
    errorElement: <PageError />,
    lazy: pageCode(async () => ({ Component: (await import("../features/usage/components/usage-page")).UsagePage })),
  },
  { path: "*", element: <NotFound /> },
]);
