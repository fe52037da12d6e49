// What an unknown address shows: where the two real pages are.
import { Link } from "react-router";
import { usePageTitle } from "../lib/page-title";

export function NotFound() {
  usePageTitle("Page not found");
  return (
    <main className="sign-in">
      <div className="sign-in-card">
        <h1 className="sign-in-title">Page not found</h1>
        <p className="page-lede">
          Go to the <Link to="/">admin console</Link> or to <Link to="/usage">your usage</Link>.
        </p>
      </div>
    </main>
  );
}
