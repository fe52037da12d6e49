// The browser tab's title names the page (WCAG 2.4.2), so that tabs, history and screen readers tell pages apart.
import { useEffect } from "react";

export const pageTitle = (page: string) => `${page} · Bouncer`;

export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
