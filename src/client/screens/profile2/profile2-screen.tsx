import { useNavigate, useSearchParams } from "react-router";
import { useSaveAddress } from "../../features/profile/api/profile";
import { AddressFormView } from "../../features/profile/forms";
import { ProfileStep } from "../../features/profile/profile-step";

/**
 * /profile2: address, income and occupation; then back to `?next=` (or to /profile if it is
 * missing), and without `?next=` on to the last step, the documents (/profile3).
 */
export function Profile2Screen() {
  const save = useSaveAddress();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get("next");
  return (
    <ProfileStep
      step={2}
      form={(profile, saved) => (
        <AddressFormView
          profile={profile}
          onSave={async (input) => {
            const result = await save.mutateAsync(input);
            saved(result);
            // ProfileStep moves on while something is missing or `next` waits; else the documents.
            if (!next && result.personal) void navigate("/profile3");
          }}
        />
      )}
    />
  );
}
