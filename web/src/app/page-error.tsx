// What a page that could not be shown says in its place, inside the console's frame so that the navigation stays. Most
// often its code could not be fetched: the server was down, or a new version of Bouncer replaced the files this tab
// knew. Either way a reload, once the server answers, brings the page.
import { Button } from "../components/ui/button";
import { usePageTitle } from "../lib/page-title";

export function PageError() {
  usePageTitle("Page not loaded");
  return (
    <div className="state" role="alert">
      <p className="state-title">This page could not be loaded</p>
      <div className="state-body">
        <p>The server did not answer, or Bouncer was updated since this tab opened. Reload once it answers.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </div>
  );
}
