import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInApp } from "../../components/render-in-app";
import { ProposalList } from "./proposal-list";
import { proposalViewOf } from "./proposal-view.fixture";

/*
 * Issue 34: in the landlord's inbox (/AprovarProposta), a proposal made in the name of a company
 * says so in its row, by the name the company goes by.
 */

const href = (p: { id: string }) => `/AprovarProposta?id=${p.id}`;

describe("the landlord's list of proposals", () => {
  it("says the company a tenant proposes in the name of: its trade name, or its registered name without one", () => {
    renderInApp(
      <ProposalList
        href={href}
        items={[
          proposalViewOf({
            id: "p1",
            role: "landlord",
            inquilino: {
              nome: "Ana",
              empresa: {
                razaoSocial: "Alfa Comércio Ltda.",
                nomeFantasia: "Alfa Imóveis",
                cnpj: "12.ABC.345/01DE-35",
              },
            },
          }),
          proposalViewOf({
            id: "p2",
            role: "landlord",
            inquilino: {
              nome: "Bruno",
              empresa: {
                razaoSocial: "Beta Participações S/A",
                nomeFantasia: null,
                cnpj: "11.222.333/0001-81",
              },
            },
          }),
          proposalViewOf({ id: "p3", role: "landlord", inquilino: { nome: "Carla", empresa: null } }),
        ]}
      />,
    );
    const [alfa, beta, own] = screen.getAllByTestId("proposal-row") as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(alfa).toHaveTextContent("Ana em nome de Alfa Imóveis · R$ 2.400,00");
    expect(alfa).not.toHaveTextContent("Alfa Comércio");
    expect(beta).toHaveTextContent("Bruno em nome de Beta Participações S/A · R$ 2.400,00");
    // In one's own name: nothing said of a company.
    expect(own).toHaveTextContent("Carla · R$ 2.400,00");
    expect(within(own).queryByTestId("proposal-on-behalf")).not.toBeInTheDocument();
    expect(alfa).toHaveAttribute("href", "/AprovarProposta?id=p1");
  });
});
