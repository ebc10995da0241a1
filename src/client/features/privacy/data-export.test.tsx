import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { DataExport } from "./data-export";

/*
 * Issue 28: a newer export replaces the older zips, so the link of an older e-mail no longer
 * downloads anything; opened, it says so instead of "Seus dados estão prontos".
 */

const user = { id: "u1", name: "Bruna Lima", email: "bruna@exemplo.com.br" };
const NEWEST = "0b6f6c8e-2f0e-4c2a-9a57-1c3f6c1d2e3f";
const OLDER = "7d1b2c3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const ready = {
  id: NEWEST,
  status: "pronto",
  progress: 100,
  size: 2_500_000,
  createdAt: "2026-11-27T10:00:00.000Z",
  expiresAt: "2026-11-28T10:00:00.000Z",
};
const token = "A".repeat(43);

describe("the data export card", () => {
  it("offers the one download from the newest e-mail's link", async () => {
    renderScreen(<DataExport />, {
      user,
      path: `/Config?exportacao=${NEWEST}&token=${token}`,
      api: { "GET /api/privacy/exports": ready },
    });
    expect(await screen.findByTestId("download-export")).toBeVisible();
    expect(screen.queryByText(ptBR.privacy.export.replaced)).not.toBeInTheDocument();
  });

  it("says an older e-mail's link is for a copy a newer one replaced", async () => {
    renderScreen(<DataExport />, {
      user,
      path: `/Config?exportacao=${OLDER}&token=${token}`,
      api: { "GET /api/privacy/exports": ready },
    });
    expect(await screen.findByText(ptBR.privacy.export.replaced)).toBeVisible();
    expect(screen.queryByTestId("download-export")).not.toBeInTheDocument();
  });
});
