import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { completeProfileOf } from "../../features/profile/profile-view.fixture";
import { Profile2Screen } from "./profile2-screen";

const user = { id: "u1", name: "Rafael Costa Lima", email: "rafael@example.com" };
const complete = completeProfileOf();
const api = { "GET /api/profile": complete, "PUT /api/profile/address": complete };

describe("/profile2", { timeout: 30_000 }, () => {
  it("goes on to the documents (/profile3) after saving, when nothing waits for the profile", async () => {
    renderScreen(<Profile2Screen />, { path: "/profile2", user, api });
    await userEvent.click(await screen.findByRole("button", { name: ptBR.profile.save }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/profile3$/));
  });

  it("goes back to where the person came from (`?next=`)", async () => {
    const next = "/AluguelProposta?oferta=o1";
    renderScreen(<Profile2Screen />, { path: `/profile2?next=${encodeURIComponent(next)}`, user, api });
    await userEvent.click(await screen.findByRole("button", { name: ptBR.profile.save }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(next));
  });
});
