import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ProposalView } from "../../../shared/contracts/proposals";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderInApp } from "../../components/render-in-app";
import { ProposalActions } from "./actions";
import { TermsSummary } from "./parts";
import { proposalViewOf } from "./proposal-view.fixture";

/*
 * Issue 29: "Fiador(a)" and "Solteiro(a)" on screen. The guarantor's words follow the gender the
 * tenant gave for them; neutral wording while it is not given.
 */

const fiador = (genero?: "feminino" | "masculino") =>
  ({
    nome: "Helena Duarte",
    cpf: "***.982.247-**",
    email: "helena@exemplo.com.br",
    parentesco: "tia",
    ...(genero ? { genero } : {}),
  }) as unknown as NonNullable<ProposalView["fiador"]>;

const withGuarantor = (f: NonNullable<ProposalView["fiador"]>) => {
  const p = proposalViewOf();
  return { ...p, termos: { ...p.termos, garantia: "fiador" }, fiador: f } as ProposalView;
};

describe("the guarantor in the terms", () => {
  it("is 'Fiadora' for her, 'Fiador' for him, and 'Fiança' when not said — never 'Fiador(a)'", () => {
    const { unmount } = renderInApp(<TermsSummary proposal={withGuarantor(fiador("feminino"))} />);
    expect(screen.getByTestId("guarantor")).toHaveTextContent(/^Fiadora: Helena Duarte \(tia\)/);
    unmount();
    const again = renderInApp(<TermsSummary proposal={withGuarantor(fiador("masculino"))} />);
    expect(screen.getByTestId("guarantor")).toHaveTextContent(/^Fiador: Helena Duarte/);
    again.unmount();
    renderInApp(<TermsSummary proposal={withGuarantor(fiador())} />);
    expect(screen.getByTestId("guarantor")).toHaveTextContent(/^Fiança: Helena Duarte/);
    expect(document.body).not.toHaveTextContent("(a)");
  });
});

describe("the guarantor's marital status", { timeout: 30_000 }, () => {
  it("follows how the contract is to refer to the guarantor", async () => {
    // The landlord asked for another guarantor: the tenant names one (as guarantor-fields.test).
    const naming = proposalViewOf({
      termos: { ...proposalViewOf().termos, garantia: "fiador", caucaoMeses: null },
      fiador: null,
    });
    renderInApp(<ProposalActions proposal={naming} />);
    await userEvent.click(screen.getByRole("button", { name: ptBR.proposal.nameGuarantor }));
    const fields = screen.getByTestId("guarantor-fields");
    const options = () => {
      const marital = within(fields).getByRole("combobox", { name: ptBR.proposal.guarantorMarital });
      const list = document.getElementById(marital.getAttribute("aria-controls") ?? "");
      return list
        ? within(list)
            .getAllByRole("option", { hidden: true })
            .map((o) => o.textContent)
        : [];
    };
    await userEvent.click(within(fields).getByRole("combobox", { name: ptBR.proposal.guarantorMarital }));
    expect(options()).toContain("Casado ou casada");
    await userEvent.keyboard("{Escape}");
    await userEvent.click(within(fields).getByRole("combobox", { name: ptBR.proposal.guarantorGender }));
    await userEvent.click(
      await screen.findByRole("option", { name: ptBR.proposal.guarantorGenderOption.feminino, hidden: true }),
    );
    await userEvent.click(within(fields).getByRole("combobox", { name: ptBR.proposal.guarantorMarital }));
    expect(options()).toEqual(["Solteira", "Casada", "União estável", "Divorciada", "Separada", "Viúva"]);
  });
});
