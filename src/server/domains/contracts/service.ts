import type { z } from "zod";
import type {
  ContractView,
  contractReview,
  refuseInput,
  signInput,
  witnessChoice,
} from "../../../shared/contracts/contracts";
import type { Queryable } from "../../db/rows";
import { cancelContract } from "./cancel";
import { ceremonyView, myLink, sendCode } from "./ceremony";
import {
  type ContractsContext,
  type DocumentSealedListener,
  JOBS,
  type LeaseSealedListener,
  type RequestInfo,
} from "./context";
import { remindBeforeExpiry } from "./deadline-reminders";
import { createDocument, issueDocument } from "./documents/create";
import { draftContract } from "./draft";
import { BuiltinProvider } from "./providers/builtin";
import { ClicksignEnvelopes } from "./providers/clicksign-envelopes";
import type { EnvelopeProvider } from "./providers/envelope";
import { refuseContract } from "./refuse";
import { resendInvitation } from "./resend";
import { chooseWitness, reviewContract } from "./review";
import { remindReviews } from "./review-reminder";
import { resealDue, sealFailedForGood } from "./seal-failures";
import { sealContract } from "./sealing";
import { sendContract, sendDocument } from "./send";
import { signContract } from "./sign";
import { verifyDocument } from "./verify-document";
import { verifyUploaded } from "./verify-public";
import { contractsOf, contractView } from "./views";
import { fetchProviderSigned, handleWebhook } from "./webhook";

export type { RequestInfo } from "./context";

/**
 * The contracts domain as the routes and the app see it: one method per operation, each in its
 * own file (draft, review, send, the ceremony, sign, refuse, seal, cancel, resend, webhook,
 * verify, views). Also declares the domain's jobs on the queue.
 */
export class ContractsService {
  private readonly ctx: ContractsContext;

  /** `useClicksign` sends new envelopes to Clicksign (`clicksign` is its API, when configured). */
  constructor(
    deps: Omit<ContractsContext, "provider" | "providers" | "leaseSealed" | "documentSealed"> & {
      useClicksign: boolean;
    },
  ) {
    const providers = new Map<string, EnvelopeProvider>();
    const ctx = (): ContractsContext => this.ctx;
    const builtin = new BuiltinProvider(ctx);
    providers.set(builtin.name, builtin);
    const clicksign = deps.clicksign ? new ClicksignEnvelopes(deps.clicksign, ctx) : null;
    if (clicksign) providers.set(clicksign.name, clicksign);
    this.ctx = {
      ...deps,
      providers,
      provider: deps.useClicksign && clicksign ? clicksign : builtin,
      leaseSealed: [],
      documentSealed: [],
    };
    deps.jobs
      .define<{ proposalId: string }>({
        name: JOBS.draft,
        handler: async ({ proposalId }) => {
          await draftContract(this.ctx, proposalId);
        },
      })
      .define<{ contractId: string }>({
        name: JOBS.seal,
        handler: async ({ contractId }, job) => {
          try {
            await sealContract(this.ctx, contractId);
          } catch (err) {
            // The last try: the parties are told and the schedule tries again (seal-failures.ts).
            if (job.retryCount >= job.retryLimit) await sealFailedForGood(this.ctx, contractId, err);
            throw err;
          }
        },
      })
      .define<{ contractId: string }>({
        name: JOBS.providerClosed,
        handler: ({ contractId }) => fetchProviderSigned(this.ctx, contractId),
      });
  }

  /** Another part hears of each lease sealed, in the seal's transaction (the rent's first charges). */
  onLeaseSealed(listener: LeaseSealedListener): void {
    this.ctx.leaseSealed.push(listener);
  }

  /** Another part hears of each later document sealed, in the seal's transaction (the termination's balance). */
  onDocumentSealed(listener: DocumentSealedListener): void {
    this.ctx.documentSealed.push(listener);
  }

  /** Writes the draft of an approved proposal now (the job does the same; tests and seeds call it). */
  createForProposal(proposalId: string) {
    return draftContract(this.ctx, proposalId);
  }

  /**
   * Starts a document of a registered kind (documents/) on a signed lease, in the caller's
   * transaction: a later domain (the inspection report, rent receipts) calls it with its own
   * change. From there it is sent, signed, sealed and verified as the lease is (decision 047).
   */
  createDocument(c: Queryable, input: { kind: string; parentId: string; data: unknown }) {
    return createDocument(this.ctx, c, input);
  }

  /** Sends a document one party gives alone (a notice) to its signers, in the caller's transaction. */
  sendDocument(c: Queryable, id: string, req: RequestInfo) {
    return sendDocument(this.ctx, c, id, req);
  }

  /** Issues and seals a document nobody signs (a rent receipt) in the caller's transaction. */
  issueDocument(c: Queryable, input: { kind: string; parentId: string; data: unknown; detail: string }) {
    return issueDocument(this.ctx, c, input);
  }

  /** Reminds each landlord whose draft waits a day for her review, once (the `contracts.review-remind` schedule). */
  remindReviews(now?: Date) {
    return remindReviews(this.ctx, now);
  }

  /** Reminds the signers of the envelopes about to close (the `contracts.remind` schedule). */
  remindBeforeExpiry(now?: Date) {
    return remindBeforeExpiry(this.ctx, now);
  }

  /** Sends the seal job again for contracts whose seal failed for good an hour ago (a schedule). */
  resealDue() {
    return resealDue(this.ctx);
  }

  /** Seals a contract whose signatures are all in (the job does this). */
  seal(contractId: string) {
    return sealContract(this.ctx, contractId);
  }

  get(userId: string, id: string): Promise<ContractView> {
    return contractView(this.ctx, userId, id);
  }

  listFor(userId: string): Promise<ContractView[]> {
    return contractsOf(this.ctx, userId);
  }

  verifyDocument(userId: string, documentId: string) {
    return verifyDocument(this.ctx, userId, documentId);
  }

  /** Anyone's uploaded PDF: a contract sealed here, unchanged since, or not (decision 033). */
  verifyUpload(bytes: Buffer) {
    return verifyUploaded(this.ctx, bytes);
  }

  async review(userId: string, id: string, input: z.output<typeof contractReview>) {
    await reviewContract(this.ctx, userId, id, input);
    return this.get(userId, id);
  }

  async witness(userId: string, id: string, input: z.output<typeof witnessChoice>) {
    await chooseWitness(this.ctx, userId, id, input);
    return this.get(userId, id);
  }

  async send(userId: string, id: string, req: RequestInfo) {
    await sendContract(this.ctx, userId, id, req);
    return this.get(userId, id);
  }

  async resend(userId: string, id: string, signerId: string, req: RequestInfo) {
    await resendInvitation(this.ctx, userId, id, signerId, req);
    return this.get(userId, id);
  }

  myLink(userId: string, id: string, req: RequestInfo) {
    return myLink(this.ctx, userId, id, req);
  }

  async cancel(userId: string, id: string, motivo: string, req: RequestInfo) {
    await cancelContract(this.ctx, userId, id, motivo, req);
    return this.get(userId, id);
  }

  webhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, req: RequestInfo) {
    return handleWebhook(this.ctx, rawBody, headers, req);
  }

  ceremony(contractId: string, token: string, req: RequestInfo) {
    return ceremonyView(this.ctx, contractId, token, req);
  }

  sendCode(contractId: string, token: string, req: RequestInfo) {
    return sendCode(this.ctx, contractId, token, req);
  }

  sign(contractId: string, token: string, input: z.output<typeof signInput>, req: RequestInfo) {
    return signContract(this.ctx, contractId, token, input, req);
  }

  refuse(contractId: string, token: string, input: z.output<typeof refuseInput>, req: RequestInfo) {
    return refuseContract(this.ctx, contractId, token, input, req);
  }
}
