import { Alert, Button, Container, Loader, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { useAuth } from "../../app/auth";
import { Ceremony } from "./ceremony";
import { ContractProblem } from "./contract-problem";
import { ContractStatus } from "./contract-status";

/**
 * /Clicksign: `?contrato=&token=` the signing ceremony of the signer the personal link belongs to
 * (no account needed); `?contrato=` alone, the contract's status for its signed-in parties.
 */
export function ClicksignScreen() {
  const { t } = useTranslation();
  const { state } = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  const contractId = params.get("contrato");
  const token = params.get("token");
  let body: React.ReactNode;
  if (!contractId)
    body = <ContractProblem>{<Alert color="yellow">{t("contract.notFound")}</Alert>}</ContractProblem>;
  else if (token) body = <Ceremony contractId={contractId} token={token} />;
  else if (state.status === "signed-out")
    body = (
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
  else if (state.status !== "signed-in") body = <Loader />;
  else body = <ContractStatus contractId={contractId} />;
  return (
    <Container size="md" py="lg">
      {body}
    </Container>
  );
}
