// A page's code is fetched on its first visit (router.tsx). Code fetched while the server was down fails for the life
// of the tab, whatever the server does after: the browser keeps a module whose fetch failed as failed, and with it
// every page that shares a chunk with it (a page never opened during the outage fails after it too). So once a page's
// code failed with the server down, the page that says so (page-error.tsx) loads the tab afresh once the server
// answers. A page that fails with the server up (a new version of Bouncer replaced the files) waits for Reload.

let failedWhileDown = false;

/** Whether the server answers /healthz (the process is up; its stores need not be). */
export async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch("/healthz", { cache: "no-store" })).ok;
  } catch {
    return false;
  }
}

/** A route's `lazy`: the page's code, noting when it failed with the server down. */
export function pageCode<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (!(await serverAnswers())) failedWhileDown = true;
      throw error;
    }
  };
}

/** Whether this tab's pages may have failed to load only because the server was down. */
export const codeFailedWhileDown = () => failedWhileDown;
