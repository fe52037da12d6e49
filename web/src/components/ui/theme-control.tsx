// The "Theme" control (System, Light, Dark) that the console's header, the sign-in page and /usage show.
import { type ChangeEvent, useEffect, useId, useState } from "react";
import {
  applyThemeChoice,
  readThemeChoice,
  saveThemeChoice,
  THEME_CHOICES,
  THEME_KEY,
  type ThemeChoice,
} from "./theme-choice";

export function ThemeControl() {
  const id = useId();
  const [choice, setChoice] = useState<ThemeChoice>(() => readThemeChoice());

  // A choice made in another tab applies here too, so two open tabs never disagree.
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key !== THEME_KEY && event.key !== null) return;
      const next = readThemeChoice();
      applyThemeChoice(next);
      setChoice(next);
    };
    window.addEventListener("storage", follow);
    return () => window.removeEventListener("storage", follow);
  }, []);

  function change(event: ChangeEvent<HTMLSelectElement>) {
    const next = event.target.value as ThemeChoice;
    saveThemeChoice(next);
    setChoice(next);
  }

  return (
    <div className="theme-control">
      <label htmlFor={id} className="theme-control-label">
        Theme
      </label>
      <select id={id} className="input theme-control-select" value={choice} onChange={change}>
        {THEME_CHOICES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
