import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { LocacaoScreen } from "./locacao-screen";

/* Issue 32: a lease's link cut short (an e-mail client wrapping it) says so under the
   screen's one h1, instead of asking the server for a mangled id. */

const user = { id: "u1", name: "Ana", email: "ana@example.com" };

describe("/Locacao with a mangled link", { timeout: 30_000 }, () => {
  it("/Locacao says the link is wrong", async () => {
    renderScreen(<LocacaoScreen />, { path: "/Locacao?id=c0ffee00-0000-4000-8000", user });
    expect(
      await screen.findByRole("heading", { level: 1, name: ptBR.lease.screenTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(ptBR.lease.badLink)).toBeInTheDocument();
  });
});
