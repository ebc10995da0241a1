import { LegalPage } from "../../features/privacy/legal-page";

/** `/termos`: the terms of use, public. */
export function TermosScreen() {
  return <LegalPage kind="terms" />;
}
