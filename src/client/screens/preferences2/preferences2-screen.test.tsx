import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { Preferences2Screen } from "./preferences2-screen";

const user = { id: "u1", name: "Bruna Lima", email: "bruna@exemplo.com.br" };
const n = ptBR.notify;

describe("/preferences2", { timeout: 30_000 }, () => {
  it("chooses per kind how to be told, asks the digest's hour only for a digest, and says what is always sent", async () => {
    const saved: unknown[] = [];
    renderScreen(<Preferences2Screen />, {
      path: "/preferences2",
      user,
      api: {
        "GET /api/preferences/notifications": {
          canais: {
            match: "email",
            price_drop: "email",
            proposal: "email",
            contract: "email",
            message: "email",
            rent: "email",
            lease: "email",
          },
          horaResumo: 8,
        },
        "PUT /api/preferences/notifications": (body: unknown) => {
          saved.push(body);
          return body;
        },
      },
    });
    const matches = await screen.findByRole("radiogroup", { name: n.kinds.match });
    expect(screen.queryByRole("combobox", { name: n.digestHour })).not.toBeInTheDocument();
    expect(screen.getByTestId("always-sent")).toHaveTextContent(n.alwaysContract);
    await userEvent.click(screen.getAllByRole("radio", { name: n.channels.digest })[0] as HTMLElement);
    expect(matches).toBeInTheDocument();
    expect(await screen.findByRole("combobox", { name: n.digestHour })).toHaveValue("8h");
    await userEvent.click(screen.getAllByRole("radio", { name: n.channels.off })[1] as HTMLElement);
    // Every kind has its choice; contract steps can be turned off, the signing link cannot.
    for (const kind of ["proposal", "contract", "message"] as const)
      expect(screen.getByRole("radiogroup", { name: n.kinds[kind] })).toBeInTheDocument();
    const contract = screen.getByRole("radiogroup", { name: n.kinds.contract });
    await userEvent.click(within(contract).getByRole("radio", { name: n.channels.app }));
    await userEvent.click(screen.getByRole("button", { name: n.save }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      canais: {
        match: "digest",
        price_drop: "off",
        proposal: "email",
        contract: "app",
        message: "email",
        rent: "email",
        lease: "email",
      },
      horaResumo: 8,
    });
  });
});
