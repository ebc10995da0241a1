import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { VistoriaScreen } from "./vistoria-screen";

/* Issue 31: /Vistoria opened without a report or a lease says what to do, under its one h1. */

describe("/Vistoria without a report or a lease", { timeout: 30_000 }, () => {
  it("has its heading and says where inspections are opened from", async () => {
    renderScreen(<VistoriaScreen />, {
      path: "/Vistoria",
      user: { id: "u1", name: "Ana", email: "ana@example.com" },
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: ptBR.inspection.screenTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(ptBR.inspection.badLink)).toBeInTheDocument();
  });
});
