import { LegalPage } from "../../features/privacy/legal-page";

/** `/privacidade`: the privacy policy (LGPD), public. */
export function PrivacidadeScreen() {
  return <LegalPage kind="policy" />;
}
