import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ConversationView } from "../../../shared/contracts/messages";
import { renderScreen } from "../../app/testing";
import { ConversationList } from "./conversation-list";
import { Thread } from "./thread";

const user = { id: "u1", name: "Marta Alves Pereira", email: "marta@example.com" };
const PROPOSAL_ID = "0b7c6a52-3f0e-4e55-8d6f-2a1b3c4d5e6f";
const conversation: ConversationView = {
  proposalId: PROPOSAL_ID,
  offerId: "7b0e6c2a-4f1d-4b8e-9a3c-2d5e6f7a8b9c",
  titulo: "Apartamento no bairro Savassi",
  com: "Rafael",
  role: "landlord",
  status: "aprovada",
  ultima: null,
  naoLidas: 0,
};
const api = {
  "/api/messages": { conversations: [conversation], unread: 0 },
  [`/api/messages/${PROPOSAL_ID}`]: { conversation, messages: [] },
  "/api/contracts": [{ id: "c1", proposalId: PROPOSAL_ID, status: "assinado" }],
};

describe("a conversation's state, once its contract is signed (issue 29)", { timeout: 30_000 }, () => {
  it("the thread's header says 'Contrato assinado', not 'Aprovada'", async () => {
    renderScreen(<Thread proposalId={PROPOSAL_ID} />, { path: `/Message/${PROPOSAL_ID}`, user, api });
    expect(await screen.findByText(/Contrato assinado/)).toBeInTheDocument();
    expect(screen.queryByText(/Aprovada/)).not.toBeInTheDocument();
  });

  it("so does the list of conversations", async () => {
    renderScreen(<ConversationList />, { path: "/Message", user, api });
    expect(await screen.findByText(/Contrato assinado/)).toBeInTheDocument();
    expect(screen.queryByText(/Aprovada/)).not.toBeInTheDocument();
  });
});
