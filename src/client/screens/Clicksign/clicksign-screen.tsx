import { Container } from "@mantine/core";
import { useSearchParams } from "react-router";
import { ContractPage } from "../../features/contracts/contract-page";

/**
 * /Clicksign: `?contrato=&token=` the signing ceremony of the signer the personal link belongs to
 * (no account needed); `?contrato=` alone, the contract's status for its signed-in parties.
 */
export function ClicksignScreen() {
  const [params] = useSearchParams();
  return (
    <Container size="md" py="lg">
      <ContractPage contractId={params.get("contrato")} token={params.get("token")} />
    </Container>
  );
}
