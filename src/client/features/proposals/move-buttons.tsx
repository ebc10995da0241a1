import { Alert, Button, Group } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { ProposalActionName, ProposalView } from "../../../shared/contracts/proposals";
import { actionsFor } from "../../../shared/proposal-machine";
import type { Panel } from "./move-dialogs";

/**
 * The buttons of the moves the rules give this party now (the shared state machine's
 * `actionsFor`), each opening its panel; what is missing when a move that concludes cannot be
 * offered; and withdrawing, apart.
 */
export function MoveButtons({
  proposal,
  approvalNotice,
  onOpen,
}: {
  proposal: ProposalView;
  approvalNotice?: (proposal: ProposalView) => ReactNode;
  onOpen: (panel: Panel) => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const allowed = new Set<ProposalActionName>(actionsFor(proposal.status, proposal.role));
  const fiador = proposal.termos.garantia === "fiador";
  // With fiador and no guarantor (the landlord asked for another), the tenant names one first.
  const needsGuarantor = fiador && !proposal.fiador;
  const moves: { action: ProposalActionName; button: ReactNode }[] = [
    {
      action: "approve",
      button: (
        <Button color="teal" onClick={() => onOpen("approve")}>
          {t("proposal.approve")}
        </Button>
      ),
    },
    {
      action: "accept",
      button: needsGuarantor ? (
        <Button color="teal" onClick={() => onOpen("counter")}>
          {t("proposal.nameGuarantor")}
        </Button>
      ) : (
        <Button color="teal" onClick={() => onOpen("accept")}>
          {t("proposal.accept")}
        </Button>
      ),
    },
    {
      action: "counter",
      button: (
        <Button variant="light" onClick={() => onOpen("counter")}>
          {t("proposal.counter")}
        </Button>
      ),
    },
    {
      action: "request_documents",
      button: (
        <Button variant="light" onClick={() => onOpen("documents")}>
          {t("proposal.requestDocuments")}
        </Button>
      ),
    },
    {
      action: "request_guarantor",
      // Only a named guarantor can be refused.
      button: fiador && proposal.fiador && (
        <Button variant="light" onClick={() => onOpen("guarantor")}>
          {t("proposal.requestGuarantor")}
        </Button>
      ),
    },
    {
      action: "send_documents",
      button: <Button onClick={() => onOpen("send")}>{t("proposal.sendDocuments")}</Button>,
    },
    {
      action: "reject",
      button: (
        <Button variant="subtle" color="red" onClick={() => onOpen("reject")}>
          {t("proposal.reject")}
        </Button>
      ),
    },
  ];
  // Decision 041: the moves that conclude (an approval, an acceptance, the landlord's terms the
  // tenant may accept) need both profiles complete; without them the server refuses, so they are
  // not offered, and the person reads what is missing instead.
  const concludes = (a: ProposalActionName) =>
    a === "approve" || a === "accept" || (a === "counter" && proposal.role === "landlord");
  const ownComplete =
    proposal.role === "landlord" ? proposal.dadosCompletos.locador : proposal.dadosCompletos.inquilino;
  const closable = proposal.dadosCompletos.locador && proposal.dadosCompletos.inquilino;
  const blocked = !closable && [...allowed].some(concludes);
  const offered = moves.filter(
    (m) => allowed.has(m.action) && m.button && (closable || !concludes(m.action)),
  );

  return (
    <>
      {blocked &&
        (ownComplete ? (
          <Alert color="orange" data-testid="cannot-close">
            {t("proposal.otherIncomplete")}
          </Alert>
        ) : (
          (approvalNotice?.(proposal) ?? (
            <Alert color="orange" data-testid="cannot-close">
              {t("profile.needed")}{" "}
              <Link to={`/profile?next=${encodeURIComponent(location.pathname + location.search)}`}>
                {t("profile.complete")}
              </Link>
            </Alert>
          ))
        ))}
      {offered.length > 0 && (
        <Group gap="xs">
          {offered.map((m) => (
            <Fragment key={m.action}>{m.button}</Fragment>
          ))}
        </Group>
      )}
      {allowed.has("withdraw") && (
        <Group>
          <Button variant="subtle" color="gray" size="xs" onClick={() => onOpen("withdraw")}>
            {t("proposal.withdraw")}
          </Button>
        </Group>
      )}
    </>
  );
}
