// The admin console's frame: sign-in until there is a token, then navigation, store status, theme, sign-out and the page.
import { NavLink, Outlet, useLocation } from "react-router";
import { Brand } from "../components/ui/brand";
import { Button } from "../components/ui/button";
import { StatusBanner } from "../components/ui/status-banner";
import { StatusDot } from "../components/ui/status-dot";
import { ThemeControl } from "../components/ui/theme-control";
import { usePageTitle } from "../lib/page-title";
import { useAdminSession } from "./admin-session";
import { SignIn } from "./sign-in";
import { useStoreStatus } from "./store-status";

const SECTIONS = [
  { to: "/", label: "Plans" },
  { to: "/customers", label: "Customers" },
  { to: "/live", label: "Live" },
  { to: "/webhooks", label: "Webhooks" },
  { to: "/tokens", label: "Tokens" },
  { to: "/audit", label: "Audit" },
];

export function AdminLayout() {
  const { token, signOut } = useAdminSession();
  if (!token) return <SignIn />;
  return <Console signOut={signOut} />;
}

/** Signed in: the stores' status is asked for from here on, never on the sign-in page. */
function Console({ signOut }: { signOut: () => void }) {
  const status = useStoreStatus();
  const { pathname } = useLocation();
  usePageTitle(SECTIONS.find((section) => section.to === pathname)?.label ?? "Admin console");
  return (
    <div className="console">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <Brand />
          <StatusDot words={status} />
          <nav className="nav" aria-label="Admin console">
            {SECTIONS.map((section) => (
              <NavLink key={section.to} to={section.to} end className="nav-link">
                {section.label}
              </NavLink>
            ))}
          </nav>
          <div className="topbar-tools">
            <ThemeControl />
            <Button variant="ghost" onClick={signOut}>
              Sign out
            </Button>
          </div>
        </div>
      </header>
      <main id="content" className="content" tabIndex={-1}>
        <StatusBanner words={status} />
        <Outlet />
      </main>
    </div>
  );
}
