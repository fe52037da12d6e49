// What a page that could not be shown says in its place, inside the console's frame so that the navigation stays. Most
// often its code could not be fetched: the server was down, or a new version of Bouncer replaced the files this tab
// knew. Either way a reload, once the server answers, brings the page; after an outage it comes by itself
// (page-code.ts says why the tab must load afresh).
import { useEffect } from "react";
import { Button } from "../components/ui/button";
import { usePageTitle } from "../lib/page-title";
import { codeFailedWhileDown, serverAnswers } from "./page-code";

/** How often the page asks whether the server is back. */
const POLL_MS = 2000;

export function PageError() {
  usePageTitle("Page not loaded");
  useEffect(() => {
    if (!codeFailedWhileDown()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      if (await serverAnswers()) {
        if (!stopped) window.location.reload();
        return;
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
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
