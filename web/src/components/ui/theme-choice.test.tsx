// The theme choice: what is saved, what <html> says, the control that changes both, and the pre-paint script
// (web/public/theme.js) reading the same key the same way.
// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { readThemeChoice, saveThemeChoice, THEME_KEY } from "./theme-choice";
import { ThemeControl } from "./theme-control";

const root = document.documentElement;

beforeEach(() => {
  localStorage.clear();
  delete root.dataset.theme;
});
afterEach(cleanup);

describe("the saved choice", () => {
  test("nothing saved, or something unknown, is System", () => {
    expect(readThemeChoice()).toBe("system");
    localStorage.setItem(THEME_KEY, "sepia");
    expect(readThemeChoice()).toBe("system");
  });

  test("Light and Dark pin data-theme and are kept; System removes both, so the CSS follows the system", () => {
    saveThemeChoice("dark");
    expect([root.dataset.theme, localStorage.getItem(THEME_KEY)]).toEqual(["dark", "dark"]);
    expect(readThemeChoice()).toBe("dark");
    saveThemeChoice("light");
    expect([root.dataset.theme, localStorage.getItem(THEME_KEY)]).toEqual(["light", "light"]);
    saveThemeChoice("system");
    expect([root.dataset.theme, localStorage.getItem(THEME_KEY)]).toEqual([undefined, null]);
  });

  test("with storage refused the choice still applies to the page, and reading it gives System", () => {
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    saveThemeChoice("dark", refusing);
    expect(root.dataset.theme).toBe("dark");
    expect(readThemeChoice(refusing)).toBe("system");
  });
});

describe("the pre-paint script", () => {
  const script = readFileSync(fileURLToPath(new globalThis.URL("../../../public/theme.js", import.meta.url)), "utf8");
  const run = () => new Function(script)();

  test("applies a saved Light or Dark, and leaves System and unknown values to the CSS", () => {
    for (const [saved, applied] of [
      ["dark", "dark"],
      ["light", "light"],
      ["sepia", undefined],
      [null, undefined],
    ] as const) {
      delete root.dataset.theme;
      if (saved === null) localStorage.removeItem(THEME_KEY);
      else localStorage.setItem(THEME_KEY, saved);
      run();
      expect(root.dataset.theme, `saved ${saved}`).toBe(applied);
    }
  });
});

describe("the Theme control", () => {
  test("is labelled Theme, offers System, Light and Dark, shows the saved choice and changes it", () => {
    localStorage.setItem(THEME_KEY, "light");
    render(<ThemeControl />);
    const select = screen.getByLabelText("Theme") as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(["System", "Light", "Dark"]);
    expect(select.value).toBe("light");
    fireEvent.change(select, { target: { value: "dark" } });
    expect([root.dataset.theme, localStorage.getItem(THEME_KEY)]).toEqual(["dark", "dark"]);
    fireEvent.change(select, { target: { value: "system" } });
    expect([root.dataset.theme, localStorage.getItem(THEME_KEY)]).toEqual([undefined, null]);
  });

  test("follows a choice made in another tab", () => {
    render(<ThemeControl />);
    localStorage.setItem(THEME_KEY, "dark");
    fireEvent(window, new StorageEvent("storage", { key: THEME_KEY, newValue: "dark" }));
    expect((screen.getByLabelText("Theme") as HTMLSelectElement).value).toBe("dark");
    expect(root.dataset.theme).toBe("dark");
  });
});
