import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderScreen } from "../../app/testing";
import { failedUpload } from "../../components/upload-task.fixture";
import { Profile3Screen } from "./profile3-screen";

// An upload the server refuses (a "PDF" it cannot open), with no network.
vi.mock("../../lib/storage", async (original) => {
  const real = await original<typeof import("../../lib/storage")>();
  return {
    ...real,
    dismissUpload: () => undefined,
    uploadFile: () => {
      const task = failedUpload("invalid-format", 415);
      const done = Promise.reject(
        new real.StorageError(
          "invalid-format",
          415,
          "Não foi possível abrir este PDF: o arquivo parece corrompido.",
        ),
      );
      done.catch(() => undefined);
      return Object.assign(task, { done });
    },
  };
});

const user = { id: "u1", name: "Davi Nunes", email: "davi@example.com" };
const api = {
  "/api/storage/objects": { items: [], nextPageToken: null },
  "/api/storage/usage": { used: 0, quota: 100 * 1024 * 1024, maxFileSize: 20 * 1024 * 1024 },
};

describe("/profile3", { timeout: 30_000 }, () => {
  it("names the camera and the converter on each document, behind no unlabelled button", async () => {
    renderScreen(<Profile3Screen />, { path: "/profile3", user, api });
    const slot = await screen.findByTestId("slot-cpf", {}, { timeout: 5000 });
    const camera = within(slot).getByRole("link", { name: "Fotografar" });
    expect(camera.getAttribute("href")).toMatch(/^\/Camera\?tipo=cpf&pasta=perfil&destino=%2Fprofile3$/);
    const convert = within(slot).getByRole("link", { name: "Juntar fotos em PDF" });
    expect(convert.getAttribute("href")).toMatch(/^\/Convert\?tipo=cpf&/);
    for (const control of [...within(slot).getAllByRole("button"), ...within(slot).getAllByRole("link")])
      expect(control.textContent?.trim()).not.toBe("");
  });

  it("says why a document was refused in its own card, announced and scrolled into view (issue 29)", async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderScreen(<Profile3Screen />, { path: "/profile3", user, api });
    const slot = await screen.findByTestId("slot-comprovante_renda", {}, { timeout: 5000 });
    const input = slot.querySelector<HTMLInputElement>("input[type=file]");
    if (!input) throw new Error("no file input in the slot");
    await userEvent.upload(input, new File(["%PDF-1.7 lixo"], "holerite.pdf", { type: "application/pdf" }));
    const alert = await within(slot).findByRole("alert");
    expect(alert).toHaveTextContent("Não foi possível abrir este PDF");
    expect(scrolled.mock.contexts).toContain(alert);
  });
});
