// The token form checks the name as the API does, sends the role chosen, and shows the new token once in a dialog.
// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { stubDialog } from "../../../testing/dialog";
import { json } from "../../../testing/json-response";
import { renderAsAdmin, signInWithFetch } from "../../../testing/signed-in-admin";
import { TokenCreateForm } from "./token-create-form";
import { tokenNameError } from "./token-name";

const fetchMock = vi.fn<typeof fetch>();

signInWithFetch(fetchMock);
stubDialog();

function renderForm() {
  renderAsAdmin(<RouterProvider router={createMemoryRouter([{ path: "/", element: <TokenCreateForm /> }])} />);
  return screen.findByRole("form", { name: "New token" });
}

test("a token's name follows the API's rule for names", () => {
  expect(tokenNameError("billing-svc")).toBeUndefined();
  expect(tokenNameError("  billing-svc  ")).toBeUndefined();
  expect(tokenNameError("")).toBe("Name must not be empty");
  expect(tokenNameError("   ")).toBe("Name must not be empty");
  expect(tokenNameError("x".repeat(100))).toBeUndefined();
  expect(tokenNameError("x".repeat(101))).toBe("Name must be at most 100 characters");
  expect(tokenNameError("billing\u202esvc")).toBe("Name must not contain control or bidirectional characters");
});

test("an empty name is refused before any request, and focus goes to Name", async () => {
  const user = userEvent.setup();
  const form = await renderForm();
  await user.click(within(form).getByRole("button", { name: "Make token" }));
  const name = within(form).getByLabelText("Name");
  expect(name).toHaveProperty("ariaInvalid", "true");
  expect(name.getAttribute("aria-describedby")).toBeTruthy();
  expect(screen.getByText("Name must not be empty")).toBeTruthy();
  expect(document.activeElement).toBe(name);
  expect(fetchMock).not.toHaveBeenCalled();
});

test("makes a token with the role chosen, shows it once in a dialog, and gives focus back to Name", async () => {
  const user = userEvent.setup();
  fetchMock.mockImplementation(async (_input, init) => {
    if (init?.method === "POST") return json(201, { id: "tok_1", token: "qt_secret" });
    return json(200, { tokens: [] });
  });
  const form = await renderForm();
  const role = within(form).getByLabelText("Role");
  expect(role).toHaveProperty("value", "service");
  await user.type(within(form).getByLabelText("Name"), "  deploy-bot ");
  await user.selectOptions(role, "admin");
  expect(screen.getByText(/Everything this console does/)).toBeTruthy();
  await user.click(within(form).getByRole("button", { name: "Make token" }));

  const dialog = await screen.findByRole("dialog", { name: "New admin token “deploy-bot”" });
  expect(within(dialog).getByLabelText("New token")).toHaveProperty("value", "qt_secret");
  const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
  expect(post?.[0]).toBe("/v1/tokens");
  expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: "deploy-bot", role: "admin" });
  // The form is ready for the next token.
  expect(within(form).getByLabelText("Name")).toHaveProperty("value", "");
  expect(within(form).getByLabelText("Role")).toHaveProperty("value", "service");

  await user.click(within(dialog).getByRole("button", { name: "I have saved the token" }));
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(screen.queryByDisplayValue("qt_secret")).toBeNull();
  expect(document.activeElement).toBe(within(form).getByLabelText("Name"));
});

test("says why when the API refuses, and keeps what the admin typed", async () => {
  const user = userEvent.setup();
  fetchMock.mockResolvedValue(
    json(400, { error: { code: "invalid_request", message: "name must not be empty", requestId: "r1" } }),
  );
  const form = await renderForm();
  await user.type(within(form).getByLabelText("Name"), "ci");
  await user.click(within(form).getByRole("button", { name: "Make token" }));
  expect(await within(form).findByText("No token was made.")).toBeTruthy();
  expect(within(form).getByLabelText("Name")).toHaveProperty("value", "ci");
  expect(screen.queryByRole("dialog")).toBeNull();
});
