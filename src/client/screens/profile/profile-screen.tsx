import { useSavePersonal } from "../../features/profile/api/profile";
import { PersonalForm } from "../../features/profile/forms";
import { ProfileStep } from "../../features/profile/profile-step";

/** /profile: personal data; then /profile2 (or `?next=`) when the address is still missing. */
export function ProfileScreen() {
  const save = useSavePersonal();
  return (
    <ProfileStep
      step={1}
      form={(profile, saved) => (
        <PersonalForm profile={profile} onSave={async (input) => saved(await save.mutateAsync(input))} />
      )}
    />
  );
}
