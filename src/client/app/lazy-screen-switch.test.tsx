import { MantineProvider } from "@mantine/core";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, MemoryRouter, Route, Routes, useSearchParams } from "react-router";
import { describe, expect, it } from "vitest";
import { LazyScreen, type ScreenLoader } from "./lazy-screen";

/*
 * Issue 29: opening a tenant's document from the landlord's proposal fired
 * GET /api/proposals/<documentId> (404). Both screens read `?id=`: on the way from one to the
 * other, the proposal's screen rendered once more with the document's id.
 */
const seenByProposal: string[] = [];

function Proposal() {
  const [params] = useSearchParams();
  seenByProposal.push(params.get("id") ?? "");
  return <Link to="/ViewDocument?id=doc-1">Documento</Link>;
}

function Document() {
  const [params] = useSearchParams();
  return <p>Documento {params.get("id")}</p>;
}

describe("LazyScreen between two screens", () => {
  it("never renders the screen being left with the next screen's address", async () => {
    const proposal: ScreenLoader = async () => Proposal;
    const document: ScreenLoader = async () => Document;
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={["/AprovarProposta?id=proposal-1"]}>
          <Routes>
            <Route path="/AprovarProposta" element={<LazyScreen loader={proposal} />} />
            <Route path="/ViewDocument" element={<LazyScreen loader={document} />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    await userEvent.click(await screen.findByRole("link", { name: "Documento" }));
    await act(async () => undefined);
    expect(await screen.findByText("Documento doc-1")).toBeInTheDocument();
    expect(seenByProposal.filter((id) => id !== "proposal-1")).toEqual([]);
  });
});
