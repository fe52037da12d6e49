// The customers list shows the newest first, a page at a time, and narrows to what the search finds.
// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { afterEach, expect, test, vi } from "vitest";
import { customerOf, proPlan } from "../../../testing/fixtures";
import { CustomersList } from "./customers-list";

afterEach(cleanup);

/** 150 customers, oldest first as the API lists them: Customer 1 (cus_1) to Customer 150 (cus_150). */
const customers = Array.from({ length: 150 }, (_, i) => customerOf({ id: `cus_${i + 1}`, name: `Customer ${i + 1}` }));

function renderList() {
  const onSelect = vi.fn();
  render(
    <CustomersList
      customers={customers}
      plans={[proPlan()]}
      selectedId={null}
      onSelect={onSelect}
      searchRef={createRef()}
    />,
  );
  const names = () =>
    within(screen.getByRole("table", { name: "Customers" }))
      .getAllByRole("rowheader")
      .map((cell) => cell.querySelector(".cell-title")?.textContent);
  return { onSelect, names, user: userEvent.setup() };
}

test("a long list shows the newest 100 first, and the next ones on Show more, focus on the first of them", async () => {
  const { names, user } = renderList();
  expect(names()).toHaveLength(100);
  expect(names()[0]).toBe("Customer 150");
  expect(names()[99]).toBe("Customer 51");
  expect(screen.getByText("150 customers, newest first, the first 100 shown")).toBeTruthy();

  await user.click(screen.getByRole("button", { name: "Show 50 more" }));
  expect(names()).toHaveLength(150);
  expect(names()[149]).toBe("Customer 1");
  expect(screen.queryByRole("button", { name: /^Show \d+ more$/ })).toBeNull();
  expect(document.activeElement).toBe(screen.getByRole("button", { name: "Manage Customer 50" }));
});

test("the search narrows the list by name or id, says how many match, and says when none does", async () => {
  const { names, onSelect, user } = renderList();
  await user.type(screen.getByLabelText("Search customers"), "customer 14");
  // Every word anywhere in the name or id: Customer 140 to 149, 114 and 14, newest first.
  expect(names()).toEqual([
    ...Array.from({ length: 10 }, (_, i) => `Customer ${149 - i}`),
    "Customer 114",
    "Customer 14",
  ]);
  expect(screen.getByText("12 of 150 customers match, newest first")).toBeTruthy();

  await user.clear(screen.getByLabelText("Search customers"));
  await user.type(screen.getByLabelText("Search customers"), "cus_7 ");
  expect(names()).toContain("Customer 7");
  await user.click(screen.getByRole("button", { name: "Manage Customer 7" }));
  expect(onSelect).toHaveBeenCalledWith("cus_7");

  await user.type(screen.getByLabelText("Search customers"), "nobody");
  expect(screen.getByText("No customer matches")).toBeTruthy();
  expect(screen.queryByRole("table")).toBeNull();
});
