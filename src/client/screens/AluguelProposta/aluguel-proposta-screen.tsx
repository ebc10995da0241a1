import { Alert, Container, Loader } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useAuth } from "../../app/auth";
import { ContractForProposal } from "../../features/contracts/contract-for-proposal";
import { ProposalById } from "../../features/proposals/proposal-by-id";

const NewProposal = lazy(() => import("./new-proposal").then((m) => ({ default: m.NewProposal })));

/** /AluguelProposta: `?oferta=` a new proposal; `?id=` a proposal to follow and answer. */
export function AluguelPropostaScreen() {
  const { state } = useAuth();
  const userId = state.status === "signed-in" ? state.user.id : null;
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get("id");
  const offerId = params.get("oferta");
  let body: React.ReactNode;
  if (id)
    body = (
      <ProposalById id={id} slots={{ contract: (p) => <ContractForProposal proposalId={p.id} />, userId }} />
    );
  else if (offerId)
    body = (
      <Suspense fallback={<Loader />}>
        <NewProposal offerId={offerId} />
      </Suspense>
    );
  else body = <Alert color="yellow">{t("offer.notFound")}</Alert>;
  return (
    <Container size="md" py="lg">
      {body}
    </Container>
  );
}
