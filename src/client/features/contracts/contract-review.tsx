import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Card, Checkbox, Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { type ContractReview, type ContractView, contractReview } from "../../../shared/contracts/contracts";
import { useErrorText } from "../../lib/error-text";
import { useSendContract } from "./api/contracts";
import { MyWitness } from "./my-witness";
import { PlannedSigners, signerProblemOf } from "./planned-signers";

/**
 * A draft's review, as both parties see it before sending (decision 017): everyone who will sign,
 * one's own witness, and for the landlord the signing order and the send.
 */
export function Review({ contract }: { contract: ContractView }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const landlord = contract.role === "landlord";
  const form = useForm<ContractReview, unknown, z.output<typeof contractReview>>({
    resolver: zodResolver(contractReview),
    defaultValues: { sequential: contract.sequential },
  });
  const send = useSendContract(contract.id);
  const submit = form.handleSubmit((review) =>
    send.mutate(review, {
      onSuccess: () => notifications.show({ color: "teal", message: t("contract.sentNotice") }),
      onError: (e) => {
        // The signer the refusal names comes into view, marked.
        if (signerProblemOf(e))
          requestAnimationFrame(() =>
            document.querySelector('[data-testid="planned-signer"][data-invalid]')?.scrollIntoView({
              block: "center",
              behavior: "smooth",
            }),
          );
      },
    }),
  );
  const problem = signerProblemOf(send.error);
  const whose = problem ? contract.plannedSigners[problem.index] : undefined;
  return (
    <Card withBorder padding="md" data-testid="contract-review">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {landlord ? t("contract.review") : t("contract.reviewTenant")}
        </Title>
        <Text size="sm" c="dimmed">
          {landlord ? t("contract.reviewLead") : t("contract.waitingLandlord")}
        </Text>
        <PlannedSigners contract={contract} problem={problem} />
        <MyWitness contract={contract} />
        {landlord && (
          <>
            {/* Not the kit's CheckboxField: choice-fields brings Select and its combobox (about 12 KiB)
                into the contract's chunk for this one box. */}
            <Checkbox label={t("contract.sequential")} {...form.register("sequential")} />
            {send.error && (
              <Alert color="red" role="alert">
                {problem && whose
                  ? t("contract.signerProblem", {
                      papel: t(`contract.roles.${whose.role}`),
                      nome: whose.nome,
                      message: problem.message,
                    })
                  : err.message(send.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button loading={send.isPending} onClick={() => void submit()}>
                {t("contract.send")}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
