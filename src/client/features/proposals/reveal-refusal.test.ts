import { waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { revealRefusal } from "./reveal-refusal";

const nextFrame = () => new Promise<void>((done) => requestAnimationFrame(() => done()));

beforeEach(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
  document.body.innerHTML = '<form><input id="a" /></form>';
});

afterEach(() => {
  document.body.innerHTML = "";
});

describe("showing the server's refusal", () => {
  it("shows the server's refusal when it renders late and names no field", async () => {
    const message = { current: null as HTMLElement | null };
    revealRefusal(message);
    await nextFrame();
    await nextFrame();
    const alert = document.createElement("div");
    alert.tabIndex = -1;
    alert.textContent = "A proposta não pode ser enviada.";
    document.body.append(alert);
    message.current = alert;
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it("moves to the field the server named rather than to the message", async () => {
    const field = document.querySelector("input") as HTMLInputElement;
    const alert = document.createElement("div");
    alert.tabIndex = -1;
    document.body.append(alert);
    field.setAttribute("aria-invalid", "true");
    revealRefusal({ current: alert });
    await waitFor(() => expect(field).toHaveFocus());
  });
});
