import { useNavigate, useSearchParams } from "react-router";
import { useAuth } from "../../app/auth";
import { useSavePersonal } from "../../features/profile/api/profile";
import { PersonalForm } from "../../features/profile/forms";
import { ProfileStep } from "../../features/profile/profile-step";

/**
 * /profile: personal data, the full name started from the account's name; then /profile2 (the
 * next step, even when the address is already there to review), or `?next=` once both are done.
 */
export function ProfileScreen() {
  const save = useSavePersonal();
  const { state } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get("next");
  return (
    <ProfileStep
      step={1}
      form={(profile, saved) => (
        <PersonalForm
          profile={profile}
          defaultName={state.status === "signed-in" ? state.user.name : ""}
          onSave={async (input) => {
            const result = await save.mutateAsync(input);
            saved(result);
            // ProfileStep moves on while something is missing or `next` waits; else the next step.
            if (!next && result.address) void navigate("/profile2");
          }}
        />
      )}
    />
  );
}
