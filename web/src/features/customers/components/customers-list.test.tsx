// The customers list shows the server's pages, newest first as they come, asks for the next with its cursor, and
// leaves the search to the server: one request once the typing pauses, its answer shown as it is.
// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { expect, test, vi } from "vitest";
import type { Customer } from "../../../lib/domain";
import { customerOf, proPlan } from "../../../testing/fixtures";
import { json } from "../../../testing/json-response";
import { renderAsAdmin, signInWithFetch } from "../../../testing/signed-in-admin";
import { CustomersList } from "./customers-list";

/** Customer n (cus_n), for pages the server would give, newest first. */
const numbered = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, i) => customerOf({ id: `cus_${from - i}`, name: `Customer ${from - i}` }));

/** What the mock server answers, by the query string the list sends. */
let answers: Record<string, { customers: Customer[]; nextCursor: string | null }> = {};
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = new URL(String(input), "http://console");
  const answer = url.pathname === "/v1/customers" ? answers[url.search] : undefined;
  return answer ? json(200, answer) : json(404, { error: { code: "not_found", message: "no", requestId: "r" } });
});
signInWithFetch(fetchMock);

/** The query strings of the list's requests so far. */
const asked = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://console").search);

function renderList() {
  const onSelect = vi.fn();
  renderAsAdmin(<CustomersList plans={[proPlan()]} selectedId={null} onSelect={onSelect} searchRef={createRef()} />);
  const names = () =>
    within(screen.getByRole("table", { name: "Customers" }))
      .getAllByRole("rowheader")
      .map((cell) => cell.querySelector(".cell-title")?.textContent);
  // No pause between keys (delay: null types them all before any timer runs): the typing pauses only at its end.
  return { onSelect, names, user: userEvent.setup({ delay: null }) };
}

test("the list shows the server's first page, and the next on Show more, focus on the first of them", async () => {
  answers = {
    "?limit=100": { customers: numbered(150, 51), nextCursor: "after-51" },
    "?limit=100&cursor=after-51": { customers: numbered(50, 1), nextCursor: null },
  };
  const { names, user } = renderList();
  expect(await screen.findByText("100 customers, newest first; there are more")).toBeTruthy();
  expect(names()).toHaveLength(100);
  expect(names()[0]).toBe("Customer 150");
  expect(names()[99]).toBe("Customer 51");

  await user.click(screen.getByRole("button", { name: "Show more" }));
  expect(await screen.findByText("150 customers, newest first")).toBeTruthy();
  expect(names()[149]).toBe("Customer 1");
  expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Manage Customer 50" })));
  expect(asked()).toEqual(["?limit=100", "?limit=100&cursor=after-51"]);
});

test("the search is the server's: one request when the typing pauses, its answer shown as it came", async () => {
  const acme = customerOf({ id: "acme", name: "Acme Ltd" });
  // What the server found, whatever the browser would have made of it.
  const zeta = customerOf({ id: "zeta", name: "Zeta" });
  answers = {
    "?limit=100": { customers: numbered(3, 1), nextCursor: null },
    "?limit=100&q=acme+l": { customers: [acme, zeta], nextCursor: null },
    "?limit=100&q=nobody": { customers: [], nextCursor: null },
  };
  const { names, onSelect, user } = renderList();
  await screen.findByText("3 customers, newest first");

  await user.type(screen.getByLabelText("Search customers"), "acme l");
  expect(await screen.findByText("2 customers found by “acme l”, newest first")).toBeTruthy();
  expect(names()).toEqual(["Acme Ltd", "Zeta"]);
  expect(asked()).toEqual(["?limit=100", "?limit=100&q=acme+l"]);
  await user.click(screen.getByRole("button", { name: "Manage Acme Ltd" }));
  expect(onSelect).toHaveBeenCalledWith(acme);

  await user.clear(screen.getByLabelText("Search customers"));
  await user.type(screen.getByLabelText("Search customers"), "nobody");
  expect(await screen.findByText("No customer matches")).toBeTruthy();
  expect(screen.queryByRole("table")).toBeNull();
});

test("with no customer at all, the list says so", async () => {
  answers = { "?limit=100": { customers: [], nextCursor: null } };
  renderList();
  expect(await screen.findByText("No customers yet")).toBeTruthy();
});
