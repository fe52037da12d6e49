// The 412 view: it takes the focus, lays each row's two values side by side, and holds Apply back while blocked.
// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { ConflictView } from "./conflict-view";

afterEach(cleanup);

const props = {
  title: "Someone else changed this thing while you were editing it.",
  version: 7,
  untouched: "the rest keeps its current value",
  rowHeader: "Field",
  rows: [
    { label: "Name", mine: null, current: "Pro", differs: false },
    { label: "Per hour", mine: "6,000", current: "5,000", differs: true },
  ],
  busy: false,
};

test("it takes the focus and shows each row beside the current version, the rows that differ marked", () => {
  const onApply = vi.fn();
  const onDiscard = vi.fn();
  render(<ConflictView {...props} onApply={onApply} onDiscard={onDiscard} />);
  const view = screen.getByRole("region", { name: props.title });
  expect(view).toBe(document.activeElement);
  expect(view.textContent).toContain("It is now at version 7.");
  expect(view.textContent).toContain("(the rest keeps its current value)");
  const table = within(view).getByRole("table", { name: "Your changes and the current version" });
  expect(
    within(table)
      .getAllByRole("columnheader")
      .map((th) => th.textContent),
  ).toEqual(["Field", "Your changes", "Current version"]);
  expect(within(table).getByRole("row", { name: /^Name/ }).textContent).toBe("NameNot changed by youPro");
  expect(within(table).getByRole("row", { name: /^Per hour/ }).textContent).toBe("Per hourDiffers6,0005,000");

  fireEvent.click(screen.getByRole("button", { name: "Apply my changes to the current version" }));
  fireEvent.click(screen.getByRole("button", { name: "Discard mine and use current" }));
  expect(onApply).toHaveBeenCalledOnce();
  expect(onDiscard).toHaveBeenCalledOnce();
});

test("while blocked it says why and only Discard can be pressed; while busy neither can", () => {
  const { rerender } = render(
    <ConflictView {...props} blocked="Fix it first." onApply={vi.fn()} onDiscard={vi.fn()} />,
  );
  expect(screen.getByText("Fix it first.")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Apply my changes to the current version" })).toHaveProperty(
    "disabled",
    true,
  );
  expect(screen.getByRole("button", { name: "Discard mine and use current" })).toHaveProperty("disabled", false);

  rerender(<ConflictView {...props} busy onApply={vi.fn()} onDiscard={vi.fn()} />);
  expect(screen.queryByText("Fix it first.")).toBeNull();
  expect(screen.getByRole("button", { name: "Applying…" })).toHaveProperty("disabled", true);
  expect(screen.getByRole("button", { name: "Discard mine and use current" })).toHaveProperty("disabled", true);
});
