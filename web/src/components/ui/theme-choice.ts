// The visitor's theme: System (follow prefers-color-scheme), Light or Dark, kept in localStorage and applied as
// data-theme on <html>. web/public/theme.js applies the same key before the first paint; keep the two in step.

export const THEME_KEY = "bouncer.theme";

export const THEME_CHOICES = [
  { value: "system", label: "System" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
] as const;

export type ThemeChoice = (typeof THEME_CHOICES)[number]["value"];

type Storage = Pick<globalThis.Storage, "getItem" | "setItem" | "removeItem">;

/** The saved choice; anything else (nothing saved, an old value, storage disabled) is System. */
export function readThemeChoice(storage: Storage = localStorage): ThemeChoice {
  try {
    const saved = storage.getItem(THEME_KEY);
    return saved === "light" || saved === "dark" ? saved : "system";
  } catch {
    return "system";
  }
}

/** Pins the page to a theme, or for System leaves the CSS to follow the system's colour scheme. */
export function applyThemeChoice(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === "system") delete root.dataset.theme;
  else root.dataset.theme = choice;
}

/** Applies the choice and keeps it for the next visit; System is kept as no saved value at all. */
export function saveThemeChoice(
  choice: ThemeChoice,
  storage: Storage = localStorage,
  root: HTMLElement = document.documentElement,
): void {
  applyThemeChoice(choice, root);
  try {
    if (choice === "system") storage.removeItem(THEME_KEY);
    else storage.setItem(THEME_KEY, choice);
  } catch {
    // Storage may be disabled: the choice then lasts as long as the page.
  }
}
