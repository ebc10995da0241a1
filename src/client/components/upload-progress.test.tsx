import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import ptBR from "../../shared/locales/pt-BR.json";
import { renderUi } from "../lib/testing";
import { canRetryUpload, UploadProgress } from "./upload-progress";
import { failedUpload } from "./upload-task.fixture";

const retry = ptBR.storage.retry;

describe("UploadProgress after a failure", () => {
  it.each([
    ["network", 0],
    ["service-unavailable", 503],
    ["unknown", 500],
    ["retry-limit-exceeded", 0],
  ] as const)("offers to try again when it can succeed (%s, %i)", async (code, status) => {
    const task = failedUpload(code, status);
    renderUi(<UploadProgress task={task} />);
    await userEvent.click(screen.getByRole("button", { name: retry }));
    expect(task.resume).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["file-too-large", 413],
    ["invalid-format", 415],
    ["image-too-large", 422],
    ["quota-exceeded", 403],
    ["unauthorized", 403],
    ["invalid-argument", 400],
  ] as const)("does not offer it when it cannot (%s, %i)", (code, status) => {
    renderUi(<UploadProgress task={failedUpload(code, status)} />);
    expect(screen.getByRole("alert")).toHaveTextContent(ptBR.errors[code]);
    expect(screen.queryByRole("button", { name: retry })).not.toBeInTheDocument();
  });

  it("brings its failure into view on a screen, announced — not in the corner panel (issue 29)", () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { unmount } = renderUi(<UploadProgress task={failedUpload("invalid-format", 415)} />);
    const alert = screen.getByRole("alert");
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(alert);
    unmount();
    renderUi(<UploadProgress task={failedUpload("invalid-format", 415)} inPanel />);
    expect(scrolled).toHaveBeenCalledTimes(1);
  });

  it("lets the panel close an upload that cannot succeed", async () => {
    let dismissed = false;
    renderUi(
      <UploadProgress
        task={failedUpload("file-too-large", 413)}
        inPanel
        onDismiss={() => (dismissed = true)}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: ptBR.storage.dismiss }));
    expect(dismissed).toBe(true);
  });

  it("judges as the upload's own retries do", () => {
    expect(canRetryUpload({ code: "network", status: 0 })).toBe(true);
    expect(canRetryUpload({ code: "rate-limited", status: 429 })).toBe(true);
    expect(canRetryUpload({ code: "file-too-large", status: 500 })).toBe(false);
    expect(canRetryUpload({ code: "quota-exceeded", status: 403 })).toBe(false);
  });
});
