import { useSaveAddress } from "../../features/profile/api/profile";
import { AddressFormView } from "../../features/profile/forms";
import { ProfileStep } from "../../features/profile/profile-step";

/** /profile2: address, income and occupation; then back to `?next=` (or to /profile if it is missing). */
export function Profile2Screen() {
  const save = useSaveAddress();
  return (
    <ProfileStep
      step={2}
      form={(profile, saved) => (
        <AddressFormView profile={profile} onSave={async (input) => saved(await save.mutateAsync(input))} />
      )}
    />
  );
}
