import { notifications } from "@mantine/notifications";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ProfileView } from "../../../shared/contracts/profile";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { completeProfileOf } from "../../features/profile/profile-view.fixture";
import { ProfileScreen } from "./profile-screen";

const user = { id: "u1", name: "Rafael Costa Lima", email: "rafael@example.com" };
const empty: ProfileView = { personal: null, address: null, complete: false };

describe("/profile", { timeout: 30_000 }, () => {
  it("starts the full name from the name given at sign-up when the profile has none", async () => {
    renderScreen(<ProfileScreen />, { path: "/profile", user, api: { "/api/profile": empty } });
    const name = await screen.findByRole("textbox", { name: ptBR.profile.fields.nomeCompleto });
    expect(name).toHaveValue("Rafael Costa Lima");
  });

  it("keeps the full name already in the profile", async () => {
    const personal = {
      ...(completeProfileOf().personal as NonNullable<ProfileView["personal"]>),
      nomeCompleto: "Rafael da Costa Lima",
    };
    renderScreen(<ProfileScreen />, {
      path: "/profile",
      user,
      api: { "/api/profile": { ...empty, personal } },
    });
    const name = await screen.findByRole("textbox", { name: ptBR.profile.fields.nomeCompleto });
    expect(name).toHaveValue("Rafael da Costa Lima");
  });

  it("leads on to the next step, /profile2, after saving when nothing waits for the profile", async () => {
    const complete: ProfileView = completeProfileOf();
    renderScreen(<ProfileScreen />, {
      path: "/profile",
      user,
      api: { "GET /api/profile": complete, "PUT /api/profile/personal": complete },
    });
    const toast = vi.spyOn(notifications, "show");
    await userEvent.click(await screen.findByRole("button", { name: ptBR.profile.save }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/profile2$/));
    // Moving on is the confirmation: no toast left over the next step's button.
    expect(toast).not.toHaveBeenCalled();
  });
});
