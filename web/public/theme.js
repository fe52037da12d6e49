// Applies the theme saved by the Theme control (web/src/components/ui/theme-choice.ts) before the first paint.
// A blocking script in <head>, and a file rather than inline, because the Content-Security-Policy allows no inline
// script. No saved choice leaves <html> without data-theme, so the CSS follows the system's colour scheme.
try {
  const saved = localStorage.getItem("bouncer.theme");
  if (saved === "light" || saved === "dark") document.documentElement.dataset.theme = saved;
} catch (_) {
  // Storage may be disabled; the system's scheme then applies.
}
