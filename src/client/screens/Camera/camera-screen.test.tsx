import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { CameraScreen } from "./camera-screen";

const user = { id: "u1", name: "Rafael Costa Lima", email: "rafael@example.com" };
const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: "image/jpeg" });

beforeEach(() => {
  // jsdom has no object URLs for the pages' thumbnails.
  vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:page");
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe("/Camera without a camera", { timeout: 30_000 }, () => {
  it("says why, takes photos picked instead and offers them as one document; a page can be removed", async () => {
    // jsdom has no navigator.mediaDevices: the hook says there is no camera.
    renderScreen(<CameraScreen />, { path: "/Camera", user, api: {} });
    const problem = await screen.findByTestId("camera-problem", {}, { timeout: 5000 });
    expect(problem).toHaveTextContent(ptBR.camera.absent);
    // The hint names the button there is: "Escolher fotos", not the missing shutter.
    expect(screen.getByText(ptBR.camera.noPagesPicked)).toBeInTheDocument();
    expect(screen.queryByText(ptBR.camera.noPages)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: ptBR.camera.save })).toBeDisabled();

    const input = problem.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, [photo("frente.jpg"), photo("verso.jpg")]);
    const pages = screen.getByTestId("camera-pages");
    expect(within(pages).getAllByRole("img")).toHaveLength(2);
    expect(screen.getByText("Páginas (2)")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: ptBR.camera.saveAsPdf })).toBeEnabled();
    // Retaking needs a camera; removing does not.
    expect(screen.getByRole("button", { name: `${ptBR.camera.retake} 1` })).toBeDisabled();

    await userEvent.click(screen.getByRole("button", { name: `${ptBR.camera.remove} 1` }));
    expect(screen.getByText("Páginas (1)")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: ptBR.camera.save })).toBeEnabled();
  });
});
