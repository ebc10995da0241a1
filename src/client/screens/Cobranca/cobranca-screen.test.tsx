import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { CobrancaScreen } from "./cobranca-screen";

/* Issue 32: a charge's link cut short (an e-mail client wrapping it) says so under the
   screen's one h1, instead of asking the server for a mangled id. */

const user = { id: "u1", name: "Ana", email: "ana@example.com" };

describe("/Cobranca with a mangled link", { timeout: 30_000 }, () => {
  it("/Cobranca says the link is wrong", async () => {
    renderScreen(<CobrancaScreen />, { path: "/Cobranca", user });
    expect(
      await screen.findByRole("heading", { level: 1, name: ptBR.charge.screenTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(ptBR.charge.badLink)).toBeInTheDocument();
  });
});
