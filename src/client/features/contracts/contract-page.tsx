import { Alert, Button, Loader, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useAuth } from "../../app/auth";
import { Ceremony } from "./ceremony";
import { ContractProblem } from "./contract-problem";
import { ContractStatus } from "./contract-status";

/**
 * A contract's page: with a signer's personal `token`, the signing ceremony (no account needed);
 * without one, the contract's status for its signed-in parties.
 */
export function ContractPage({ contractId, token }: { contractId: string | null; token: string | null }) {
  const { t } = useTranslation();
  const { state } = useAuth();
  const location = useLocation();
  if (!contractId)
    return (
      <ContractProblem>
        <Alert color="yellow">{t("contract.notFound")}</Alert>
      </ContractProblem>
    );
  if (token) return <Ceremony contractId={contractId} token={token} />;
  if (state.status === "signed-out")
    return (
      <ContractProblem>
        <Alert color="blue" title={t("contract.signInToFollow")} data-testid="contract-sign-in">
          <Text size="sm">{t("contract.signInToFollowLead")}</Text>
          <Button
            component={Link}
            to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`}
            mt="xs"
          >
            {t("nav.login")}
          </Button>
        </Alert>
      </ContractProblem>
    );
  if (state.status !== "signed-in") return <Loader />;
  return <ContractStatus contractId={contractId} />;
}
