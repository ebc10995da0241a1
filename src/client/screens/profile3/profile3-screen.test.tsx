import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../app/testing";
import { Profile3Screen } from "./profile3-screen";

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
});
