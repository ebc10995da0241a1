import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderInApp } from "../../components/render-in-app";
import { failedUpload, fakeUpload } from "../../components/upload-task.fixture";
import { UploadsPanelView } from "./uploads-panel";

const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

/** A phone's screen: every `max-width` query matches. */
function onAPhone() {
  window.matchMedia = ((query: string) => ({
    ...realMatchMedia(query),
    matches: query.includes("max-width"),
    media: query,
  })) as typeof window.matchMedia;
}

const tasks = () => [
  failedUpload("file-too-large", 413, "a"),
  failedUpload("network", 0, "b"),
  fakeUpload({ progress: { bytesTransferred: 500_000, totalBytes: 2_000_000, speed: 0 } }, "c"),
];

describe("the uploads panel", () => {
  it("takes at most a third of a phone's screen, its list scrolling inside", async () => {
    onAPhone();
    renderInApp(<UploadsPanelView tasks={tasks()} onDismiss={vi.fn()} />);
    const panel = screen.getByRole("region", { name: ptBR.storage.panelTitle });
    await waitFor(() => expect(panel.style.maxHeight).toBe("33vh"));
    expect(panel).toHaveTextContent("3 envios · 2 falharam");
  });

  it("folds away to its title, and opens again", async () => {
    renderInApp(<UploadsPanelView tasks={tasks()} onDismiss={vi.fn()} />);
    const panel = screen.getByRole("region", { name: ptBR.storage.panelTitle });
    expect(within(panel).getAllByTestId("upload-progress")).toHaveLength(3);
    await userEvent.click(within(panel).getByRole("button", { name: ptBR.storage.panelHide }));
    expect(within(panel).queryAllByTestId("upload-progress")).toHaveLength(0);
    expect(panel).toHaveTextContent("3 envios");
    await userEvent.click(within(panel).getByRole("button", { name: ptBR.storage.panelShow }));
    expect(within(panel).getAllByTestId("upload-progress")).toHaveLength(3);
  });

  it("offers to try again only the upload that can succeed, and to close the other", async () => {
    const onDismiss = vi.fn();
    const list = tasks();
    renderInApp(<UploadsPanelView tasks={list} onDismiss={onDismiss} />);
    expect(screen.getAllByRole("button", { name: ptBR.storage.retry })).toHaveLength(1);
    const [tooLarge] = screen.getAllByTestId("upload-progress");
    await userEvent.click(
      within(tooLarge as HTMLElement).getByRole("button", { name: ptBR.storage.dismiss }),
    );
    expect(onDismiss).toHaveBeenCalledWith(list[0]);
  });
});
