import { Alert, Button, Card, Checkbox, Group, Modal, Stack, Text, Textarea, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ProposalAction, ProposalView } from "../../../shared/contracts/proposals";
import { PERSONAL_DOCUMENT_KINDS } from "../../../shared/contracts/storage";
import { useErrorText } from "../../lib/error-text";
import { refreshPaths } from "../../lib/query";
import { revealFirstError } from "../../lib/reveal-error";
import { profilePath, useProfile } from "../profile/api";
import { proposalsApi } from "./api";
import { DocumentPicker } from "./document-picker";
import { checkGuarantor, emptyGuarantor, type GuarantorDraft, GuarantorFields } from "./guarantor-fields";
import { checkTerms, draftFrom, type TermsDraft, TermsFields } from "./terms-form";

type Panel = null | "counter" | "reject" | "documents" | "withdraw" | "approve" | "send" | "guarantor";

/** The moves the rules give this party now, each a button with its form or confirmation. */
export function ProposalActions({ proposal }: { proposal: ProposalView }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const queryClient = useQueryClient();
  const profile = useProfile(proposal.role === "landlord");
  const [panel, setPanel] = useState<Panel>(null);
  const [draft, setDraft] = useState<TermsDraft>(() => draftFrom(proposal.termos));
  const [termErrors, setTermErrors] = useState<Record<string, string>>({});
  const [reason, setReason] = useState("");
  const [message, setMessage] = useState("");
  const [kinds, setKinds] = useState<string[]>([]);
  const [fiador, setFiador] = useState<GuarantorDraft>(() =>
    proposal.fiador ? { ...proposal.fiador } : emptyGuarantor(),
  );
  const [docs, setDocs] = useState<string[]>([]);
  const act = useMutation({
    mutationFn: (action: ProposalAction) => proposalsApi.act(proposal.id, action),
    onSuccess: (next) => {
      queryClient.setQueryData([`/api/proposals/${next.id}`], next);
      void refreshPaths(queryClient, ["/api/proposals"]);
      void refreshPaths(queryClient, [`/api/offers/${next.oferta.id}`, "/api/search"]);
      setPanel(null);
      notifications.show({ color: "teal", message: t("proposal.done") });
    },
  });
  const mine = proposal.turn === proposal.role;
  const open = proposal.turn !== null;
  if (!open) return null;
  const s = proposal.status;
  const landlord = proposal.role === "landlord";
  const error = act.error ? err.message(act.error) : null;
  // After "pedir outro fiador" the tenant's counter is, first of all, a new guarantor.
  const namingGuarantor = !landlord && proposal.termos.garantia === "fiador" && !proposal.fiador;

  const counterForm = (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {namingGuarantor ? t("proposal.nameGuarantor") : t("proposal.counterTitle")}
        </Title>
        <TermsFields value={draft} onChange={setDraft} offer={proposal.oferta} errors={termErrors} />
        {/* The tenant names the guarantor; the landlord can only ask for another. */}
        {!landlord && draft.garantia === "fiador" && (
          <GuarantorFields value={fiador} onChange={setFiador} errors={termErrors} />
        )}
        <Textarea
          label={t("proposal.message")}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPanel(null)}>
            {t("proposal.cancel")}
          </Button>
          <Button
            loading={act.isPending}
            onClick={() => {
              const { terms, errors } = checkTerms(draft, proposal.oferta);
              const named = !landlord && draft.garantia === "fiador" ? checkGuarantor(fiador) : null;
              setTermErrors({ ...errors, ...(named?.errors ?? {}) });
              if (!terms || (named && !named.fiador)) {
                revealFirstError();
                return;
              }
              act.mutate({
                action: "counter",
                termos: terms,
                mensagem: message,
                ...(named?.fiador ? { fiador: named.fiador } : {}),
              });
            }}
          >
            {namingGuarantor ? t("proposal.sendGuarantor") : t("proposal.sendCounter")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );

  return (
    <Stack gap="sm" data-testid="proposal-actions">
      {mine && (
        <Group gap="xs">
          {landlord && s === "enviada" && (
            <>
              <Button color="teal" onClick={() => setPanel("approve")}>
                {t("proposal.approve")}
              </Button>
              <Button variant="light" onClick={() => setPanel("counter")}>
                {t("proposal.counter")}
              </Button>
              <Button variant="light" onClick={() => setPanel("documents")}>
                {t("proposal.requestDocuments")}
              </Button>
              {proposal.termos.garantia === "fiador" && proposal.fiador && (
                <Button variant="light" onClick={() => setPanel("guarantor")}>
                  {t("proposal.requestGuarantor")}
                </Button>
              )}
              <Button variant="subtle" color="red" onClick={() => setPanel("reject")}>
                {t("proposal.reject")}
              </Button>
            </>
          )}
          {!landlord && s === "contraproposta" && (
            <>
              {proposal.termos.garantia === "fiador" && !proposal.fiador ? (
                <Button color="teal" onClick={() => setPanel("counter")}>
                  {t("proposal.nameGuarantor")}
                </Button>
              ) : (
                <Button
                  color="teal"
                  loading={act.isPending && act.variables?.action === "accept"}
                  onClick={() => act.mutate({ action: "accept" })}
                >
                  {t("proposal.accept")}
                </Button>
              )}
              <Button variant="light" onClick={() => setPanel("counter")}>
                {t("proposal.counter")}
              </Button>
              <Button variant="subtle" color="red" onClick={() => setPanel("reject")}>
                {t("proposal.reject")}
              </Button>
            </>
          )}
          {!landlord && s === "documentos_solicitados" && (
            <Button onClick={() => setPanel("send")}>{t("proposal.sendDocuments")}</Button>
          )}
        </Group>
      )}
      {!landlord && (
        <Group>
          <Button variant="subtle" color="gray" size="xs" onClick={() => setPanel("withdraw")}>
            {t("proposal.withdraw")}
          </Button>
        </Group>
      )}
      {panel === "counter" && counterForm}
      {panel === "documents" && (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Checkbox.Group label={t("proposal.which")} value={kinds} onChange={setKinds}>
              <Stack gap={4} mt={4}>
                {PERSONAL_DOCUMENT_KINDS.map((k) => (
                  <Checkbox key={k} value={k} label={t(`documents.kinds.${k}`)} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Textarea
              label={t("proposal.message")}
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
              maxLength={2000}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPanel(null)}>
                {t("proposal.cancel")}
              </Button>
              <Button
                loading={act.isPending}
                onClick={() =>
                  act.mutate({ action: "request_documents", documentos: kinds as never, mensagem: message })
                }
              >
                {t("proposal.requestDocuments")}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {panel === "send" && (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Text size="sm">
              {t("proposal.requested", {
                kinds: proposal.documentosSolicitados.map((k) => t(`documents.kinds.${k}`)).join(", "),
              })}
            </Text>
            <DocumentPicker value={docs} onChange={setDocs} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPanel(null)}>
                {t("proposal.cancel")}
              </Button>
              <Button
                loading={act.isPending}
                onClick={() => act.mutate({ action: "send_documents", documentos: docs })}
              >
                {t("proposal.sendDocuments")}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Modal
        opened={panel === "reject"}
        onClose={() => setPanel(null)}
        title={t("proposal.rejectTitle")}
        centered
      >
        <Stack>
          <Textarea
            label={t("proposal.reason")}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            minRows={3}
            autosize
            maxLength={1000}
          />
          {error && (
            <Text c="red" size="sm">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPanel(null)}>
              {t("proposal.cancel")}
            </Button>
            <Button
              color="red"
              loading={act.isPending}
              onClick={() => act.mutate({ action: "reject", motivo: reason })}
            >
              {t("proposal.reject")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={panel === "guarantor"}
        onClose={() => setPanel(null)}
        title={t("proposal.requestGuarantorTitle")}
        centered
      >
        <Stack>
          <Text size="sm">{t("proposal.requestGuarantorText", { nome: proposal.fiador?.nome ?? "" })}</Text>
          <Textarea
            label={t("proposal.reason")}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            minRows={3}
            autosize
            maxLength={1000}
          />
          {error && (
            <Text c="red" size="sm">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPanel(null)}>
              {t("proposal.cancel")}
            </Button>
            <Button
              loading={act.isPending}
              onClick={() => act.mutate({ action: "request_guarantor", motivo: reason })}
            >
              {t("proposal.requestGuarantor")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={panel === "withdraw"}
        onClose={() => setPanel(null)}
        title={t("proposal.withdrawTitle")}
        centered
      >
        <Stack>
          <Text size="sm">{t("proposal.withdrawText")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPanel(null)}>
              {t("proposal.cancel")}
            </Button>
            <Button color="red" loading={act.isPending} onClick={() => act.mutate({ action: "withdraw" })}>
              {t("proposal.withdraw")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={panel === "approve"}
        onClose={() => setPanel(null)}
        title={t("proposal.approveTitle")}
        centered
      >
        <Stack>
          <Text size="sm">{t("proposal.approveText")}</Text>
          {profile.data && !profile.data.complete && (
            <Alert color="orange">
              {t("profile.needed")}{" "}
              <Link to={profilePath(profile.data, `/AprovarProposta?id=${proposal.id}`)}>
                {t("profile.complete")}
              </Link>
            </Alert>
          )}
          {error && (
            <Text c="red" size="sm">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPanel(null)}>
              {t("proposal.cancel")}
            </Button>
            <Button color="teal" loading={act.isPending} onClick={() => act.mutate({ action: "approve" })}>
              {t("proposal.approve")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
