import { addMonths, brazilDate, type ProposalView } from "../../../shared/contracts/proposals";

/**
 * A proposal as the API shows it, for the component tests: by default the tenant's turn after
 * the landlord's counter-offer (caução, 2 months), on an offer that accepts caução and fiador.
 * Override what the test is about.
 */
export function proposalViewOf(over: Partial<ProposalView> = {}): ProposalView {
  const today = brazilDate(new Date());
  return {
    id: "0b7c6a52-3f0e-4e55-8d6f-2a1b3c4d5e6f",
    status: "contraproposta",
    turn: "tenant",
    deadline: null,
    role: "tenant",
    termos: {
      aluguel: 240_000,
      dataEntrada: addMonths(today, 1),
      prazoMeses: 30,
      garantia: "caucao",
      caucaoMeses: 2,
    },
    moradores: 1,
    pets: false,
    renda: 900_000,
    cotenants: [],
    fiador: null,
    rendaTotal: 900_000,
    razaoRenda: 3,
    documentos: [],
    documentosSolicitados: [],
    mensagem: "",
    oferta: {
      id: "6f1f3c1e-8a53-4f4b-9a43-1b2c3d4e5f60",
      titulo: "Apartamento",
      bairro: "Centro",
      cidade: "São Paulo",
      uf: "SP",
      tipo: "apartamento",
      total: 300_000,
      aluguel: 250_000,
      garantias: ["caucao", "fiador"],
      prazoMeses: 30,
      caucaoMeses: 2,
      capa: null,
    },
    inquilino: { nome: "Ana", empresa: null },
    locador: { nome: "Lucia" },
    dadosCompletos: { inquilino: true, locador: true },
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    events: [],
    ...over,
  };
}
