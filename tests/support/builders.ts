import type { AddressInfo } from "node:net";
import type { CompanyView } from "../../src/shared/contracts/companies";
import type { ContractStatus, ContractView } from "../../src/shared/contracts/contracts";
import type { ProposalStatus, ProposalView } from "../../src/shared/contracts/proposals";
import { entryDate, guarantorOf, type OfferTerms, offerBodyOf, proposalBodyOf, unitBodyOf } from "./bodies";
import { makePdf, makePng } from "./files";
import { outboxFor } from "./mail";
import { caller, personWithProfile, publishedOfferOf } from "./market";
import { ORIGIN, signUp, type TestApp, uniqueIp } from "./test-app";
import { uploadBytes } from "./tus";

/*
 * Builders: bring any entity to any state through the API, as a person would (docs/testing.md).
 *
 *   const b = builders(t);                      // t: a TestApp listening on a port (uploads use it)
 *   const landlord = await b.person("Marta");   // confirmed e-mail, complete profile
 *   const { offerId } = await b.offer({ landlord, terms: { aluguel: 300000 } });
 *   const { proposal } = await b.proposal("contraproposta", { offerId, landlord });
 *   const { contract } = await b.contract("assinado");
 *
 * Every builder creates what it is not given (a landlord, a tenant, an offer), so a test names
 * only what its rule is about. The only step that is not an API call is `expirada`: the proposal's
 * deadline is moved into the past, then the real expiry job runs (it would run on its schedule).
 */

export type Person = Awaited<ReturnType<typeof personWithProfile>>;
/** Someone who signed up and confirmed the e-mail, with no profile yet (cannot propose). */
export type NewUser = Awaited<ReturnType<typeof signUp>>;
export type Guarantor = ReturnType<typeof guarantorOf>;

/** What builders need of a test app (createTestApp's); it must listen (tus uploads are HTTP). */
export type BuilderApp = Pick<TestApp, "app" | "database" | "dataDir" | "settle">;

export interface ProposalOptions {
  landlord?: Person;
  tenant?: Person;
  /** An offer already published by `landlord`; a new one otherwise. */
  offerId?: string;
  /** The guarantees the new offer accepts. */
  offerGarantias?: string[];
  /** The guarantee proposed (`fiador` names a guarantor, decision 017). */
  garantia?: string;
  /** Fields of the proposal's body to override (see proposalBodyOf). */
  body?: Record<string, unknown>;
}

export interface BuiltProposal {
  landlord: Person;
  tenant: Person;
  offerId: string;
  proposal: ProposalView;
}

/**
 * The steps of a contract a builder reaches. Not `selando`: the seal job may run before anyone
 * looks, so a test of it holds the job (see tests/support/crash-rig.ts).
 */
export type ContractStep = Exclude<ContractStatus, "selando">;

export interface ContractOptions {
  garantias?: string[];
  /** The proposal's entry date, the lease's start (default: a month from today). */
  dataEntrada?: string;
  garantia?: string;
  /** The review's body (PUT /contracts/:id/review) before sending; none: sent as written. */
  review?: Record<string, unknown>;
  /**
   * Parties that are companies (issue 34): the landlord lets the unit in a company's name, the
   * tenant proposes in one; each object overrides fields of the company's body (b.company).
   */
  empresas?: { locador?: Record<string, unknown>; locatario?: Record<string, unknown> };
}

export interface Signer {
  email: string;
  nome: string;
  cpf: string;
}

export interface BuiltContract {
  landlord: Person;
  tenant: Person;
  offerId: string;
  /** The guarantor the tenant named (garantia fiador), else null. */
  fiador: Guarantor | null;
  contract: ContractView;
  /** Who signs, in the contract's order: landlord, tenant, then the guarantor if any. */
  signers: Signer[];
}

export function builders(t: BuilderApp) {
  const { app } = t;
  const call = caller(app);
  const baseUrl = () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address) throw new Error("builders: the test app must listen (await t.app.listen({ port: 0 }))");
    return `http://127.0.0.1:${address.port}`;
  };
  const ok = async <T>(what: string, res: Promise<{ statusCode: number; body: string }>, status = 200) => {
    const r = await res;
    if (r.statusCode !== status) throw new Error(`${what}: ${r.statusCode} ${r.body}`);
    return JSON.parse(r.body) as T;
  };
  const act = (cookie: string, id: string, body: Record<string, unknown>) =>
    ok<ProposalView>(`${body.action}`, call("POST", `/api/proposals/${id}/actions`, cookie, body));

  /** The newest signing link e-mailed to `email` for `contractId`: its token. */
  async function signingLink(email: string, contractId: string): Promise<string> {
    await t.settle();
    const mails = await outboxFor(t.dataDir, email);
    const pattern = new RegExp(`/Clicksign\\?contrato=${contractId}&(?:amp;)?token=([A-Za-z0-9_-]{43})`);
    for (const m of mails.reverse()) {
      const found = m.text.match(pattern);
      if (found?.[1]) return found[1];
    }
    throw new Error(`no signing link for ${email}`);
  }

  /** The newest signing code e-mailed to `email`. */
  async function signingCode(email: string): Promise<string> {
    await t.settle();
    const last = [...(await outboxFor(t.dataDir, email))]
      .reverse()
      .find((m) => /Use o código \d{6}/.test(m.text));
    const code = last?.text.match(/Use o código (\d{6})/)?.[1];
    if (!code) throw new Error(`no code for ${email}`);
    return code;
  }

  /** One signer signs through the e-mailed link and code, as on /Clicksign; the new contract status. */
  async function sign(contractId: string, signer: Signer, assinatura?: string): Promise<ContractStatus> {
    const token = await signingLink(signer.email, contractId);
    // The code route is rate-limited per address: each signature from its own.
    await ok("code", call("POST", `/api/signing/${contractId}/code`, undefined, { token }, uniqueIp()));
    const codigo = await signingCode(signer.email);
    const signed = await ok<{ status: ContractStatus }>(
      "sign",
      call("POST", `/api/signing/${contractId}/sign`, undefined, {
        token,
        codigo,
        nome: signer.nome,
        cpf: signer.cpf,
        ...(assinatura ? { assinatura } : {}),
      }),
    );
    return signed.status;
  }

  const b = {
    call,
    signingLink,
    signingCode,
    sign,

    /** A confirmed account with a complete profile (`fullName`, `cpf`). */
    person(name = "Maria"): Promise<Person> {
      return personWithProfile(app, name);
    },

    /** A confirmed account without a profile. */
    newUser(name = "Maria"): Promise<NewUser> {
      return signUp(app, { name });
    },

    /** A photo `owner` uploads for an inspection report (a small PNG of colour `rgb`); its document id. */
    async photo(owner: { cookie: string }, rgb: [number, number, number] = [200, 180, 150]): Promise<string> {
      const upload = await uploadBytes(
        { baseUrl: baseUrl(), cookie: owner.cookie, origin: ORIGIN },
        makePng(40, 30, rgb),
        { filename: "vistoria.png", kind: "foto_vistoria", folder: "vistorias" },
      );
      if (upload.status >= 300) throw new Error(`photo: ${upload.status} ${upload.body}`);
      return upload.json<{ id: string }>().id;
    },

    /**
     * A company of `owner` (issue 34): Alfa Imóveis Ltda., an alphanumeric CNPJ, its contrato
     * social uploaded as the power document; `over` overrides fields of the body.
     */
    async company(owner: { cookie: string }, over: Record<string, unknown> = {}): Promise<CompanyView> {
      const upload = await uploadBytes(
        { baseUrl: baseUrl(), cookie: owner.cookie, origin: ORIGIN },
        await makePdf(),
        { filename: "contrato-social.pdf", kind: "outro", folder: "empresas" },
      );
      if (upload.status >= 300) throw new Error(`power document: ${upload.status} ${upload.body}`);
      const documentoId = upload.json<{ id: string }>().id;
      // Other representatives' power: the same contrato social unless they name theirs.
      const others = (over.outrosRepresentantes as Record<string, unknown>[] | undefined)?.map((r) => ({
        cargo: "diretor",
        instrumento: "contrato_social",
        documentoId,
        ...r,
      }));
      return ok<CompanyView>(
        "company",
        call("POST", "/api/companies", owner.cookie, {
          razaoSocial: "Alfa Imóveis Ltda.",
          nomeFantasia: "Alfa Imóveis",
          cnpj: "12.ABC.345/01DE-35",
          endereco: {
            cep: "22250040",
            logradouro: "Rua Voluntários da Pátria",
            numero: "190",
            complemento: "sala 501",
            bairro: "Botafogo",
            cidade: "Rio de Janeiro",
            uf: "RJ",
          },
          cargo: "sócia-administradora",
          instrumento: "contrato_social",
          documentoId,
          ...over,
          ...(others ? { outrosRepresentantes: others } : {}),
        }),
        201,
      );
    },

    /**
     * A draft offer of `owner` whose unit has a photo: all that publishing asks for but the owner's
     * profile (decision 041), which a NewUser lacks. Its id.
     */
    async draftOffer(owner: { cookie: string }): Promise<string> {
      const upload = await uploadBytes(
        { baseUrl: baseUrl(), cookie: owner.cookie, origin: ORIGIN },
        makePng(30, 20, [10, 120, 200]),
        { filename: "f.png", kind: "foto_unidade", folder: "unidades" },
      );
      const photo = upload.json<{ id: string }>().id;
      const unit = await ok<{ id: string }>(
        "unit",
        call("POST", "/api/units", owner.cookie, unitBodyOf([photo])),
        201,
      );
      const offer = await ok<{ id: string }>(
        "offer",
        call("POST", "/api/offers", owner.cookie, offerBodyOf(unit.id)),
        201,
      );
      return offer.id;
    },

    /** A published offer (R$ 4.500 in Botafogo unless `terms` and `unit` say otherwise). */
    async offer(
      o: { landlord?: Person; garantias?: string[]; terms?: OfferTerms; unit?: Record<string, unknown> } = {},
    ) {
      const landlord = o.landlord ?? (await b.person("Marta"));
      const offerId = await publishedOfferOf(
        app,
        baseUrl(),
        landlord.cookie,
        o.garantias ?? ["fiador", "seguro_fianca"],
        o.terms ?? {},
        o.unit ?? {},
      );
      return { landlord, offerId };
    },

    /**
     * A proposal brought to `status` through the parties' own moves:
     * enviada (sent); contraproposta (the landlord countered with R$ 100 less); documentos_solicitados
     * (the landlord asked for proof of income); aprovada (the contract is being drafted: call
     * t.settle() to wait for it); recusada (the landlord refused); retirada (the tenant withdrew);
     * expirada (its deadline passed); encerrada (the landlord approved another tenant's proposal).
     */
    async proposal(status: ProposalStatus = "enviada", o: ProposalOptions = {}): Promise<BuiltProposal> {
      const landlord = o.landlord ?? (await b.person("Marta"));
      const tenant = o.tenant ?? (await b.person("Rafael"));
      const offerId =
        o.offerId ??
        (await b.offer({ landlord, ...(o.offerGarantias ? { garantias: o.offerGarantias } : {}) })).offerId;
      const garantia = o.garantia ?? "fiador";
      let proposal = await ok<ProposalView>(
        "propose",
        call("POST", "/api/proposals", tenant.cookie, proposalBodyOf(offerId, garantia, o.body ?? {})),
        201,
      );
      const id = proposal.id;
      switch (status) {
        case "enviada":
          break;
        case "contraproposta":
          proposal = await act(landlord.cookie, id, {
            action: "counter",
            termos: {
              aluguel: proposal.termos.aluguel - 10000,
              dataEntrada: proposal.termos.dataEntrada,
              prazoMeses: proposal.termos.prazoMeses,
              garantia: proposal.termos.garantia,
              ...(proposal.termos.caucaoMeses ? { caucaoMeses: proposal.termos.caucaoMeses } : {}),
            },
          });
          break;
        case "documentos_solicitados":
          proposal = await act(landlord.cookie, id, {
            action: "request_documents",
            documentos: ["comprovante_renda"],
          });
          break;
        case "aprovada":
          proposal = await act(landlord.cookie, id, { action: "approve" });
          break;
        case "recusada":
          proposal = await act(landlord.cookie, id, { action: "reject", motivo: "Preferi outra proposta." });
          break;
        case "retirada":
          proposal = await act(tenant.cookie, id, { action: "withdraw" });
          break;
        case "expirada": {
          // Time passing for this proposal only: its deadline moves to a moment no other proposal
          // has (other tests share the database), and the real expiry runs at that moment.
          await t.settle();
          const moment = new Date("2000-01-01T00:00:00Z");
          await t.database.pool.query("UPDATE proposals SET deadline = $2 WHERE id = $1", [id, moment]);
          // The scheduled run of any test app may expire it first, or hold the expiry's lock: retry.
          for (let i = 0; i < 100; i++) {
            await app.proposals.expireOverdue(new Date(moment.getTime() + 1000));
            const { rows } = await t.database.pool.query(
              "SELECT 1 FROM proposals WHERE id = $1 AND status = 'expirada'",
              [id],
            );
            if (rows.length > 0) break;
          }
          proposal = await ok<ProposalView>("get", call("GET", `/api/proposals/${id}`, tenant.cookie));
          break;
        }
        case "encerrada": {
          const other = await b.proposal("aprovada", { landlord, offerId, garantia: "seguro_fianca" });
          if (other.proposal.status !== "aprovada") throw new Error("the other proposal was not approved");
          proposal = await ok<ProposalView>("get", call("GET", `/api/proposals/${id}`, tenant.cookie));
          break;
        }
        default:
          status satisfies never;
      }
      if (proposal.status !== status) throw new Error(`proposal is ${proposal.status}, not ${status}`);
      return { landlord, tenant, offerId, proposal };
    },

    /**
     * A contract at `step`: rascunho (written on approval), enviado (sent for signature, after the
     * optional review), assinado (everyone signed and the seal job ran:
     * `sealedDocumentId` is set, the offer is alugada), recusado (the tenant refused to sign),
     * cancelado (the landlord cancelled it after sending).
     */
    async contract(step: ContractStep = "rascunho", o: ContractOptions = {}): Promise<BuiltContract> {
      const garantias = o.garantias ?? ["fiador", "seguro_fianca"];
      const garantia = o.garantia ?? (garantias.includes("fiador") ? "fiador" : (garantias[0] as string));
      const landlord = await b.person("Marta");
      const tenant = await b.person("Rafael");
      const landlordCompany = o.empresas?.locador ? await b.company(landlord, o.empresas.locador) : null;
      const tenantCompany = o.empresas?.locatario ? await b.company(tenant, o.empresas.locatario) : null;
      const { offerId } = await b.offer({
        landlord,
        garantias,
        ...(landlordCompany ? { unit: { empresaId: landlordCompany.id } } : {}),
      });
      const fiador = garantia === "fiador" ? guarantorOf() : null;
      await b.proposal("aprovada", {
        landlord,
        tenant,
        offerId,
        garantia,
        body: {
          dataEntrada: o.dataEntrada ?? entryDate(),
          ...(fiador ? { fiador } : {}),
          ...(tenantCompany ? { empresaId: tenantCompany.id } : {}),
        },
      });
      // The contract is written by a job sent with the approval.
      await t.settle();
      const list = await ok<ContractView[]>("contracts", call("GET", "/api/contracts", landlord.cookie));
      const written = list.find((c) => c.offerId === offerId) ?? list[0];
      if (list.length !== 1 || !written) throw new Error(`expected one contract, found ${list.length}`);
      const signers: Signer[] = [
        { email: landlord.email, nome: landlord.fullName, cpf: landlord.cpf },
        { email: tenant.email, nome: tenant.fullName, cpf: tenant.cpf },
        ...(fiador ? [{ email: fiador.email, nome: fiador.nome, cpf: fiador.cpf }] : []),
        // A company's other representatives sign last (plannedSigners' order).
        ...[landlordCompany, tenantCompany].flatMap((c) =>
          (c?.outrosRepresentantes ?? []).map((r) => ({ email: r.email, nome: r.nome, cpf: r.cpf })),
        ),
      ];
      const built = { landlord, tenant, offerId, fiador, signers };
      const view = () =>
        ok<ContractView>("contract", call("GET", `/api/contracts/${written.id}`, landlord.cookie));
      if (step === "rascunho") return { ...built, contract: written };
      if (o.review)
        await ok("review", call("PUT", `/api/contracts/${written.id}/review`, landlord.cookie, o.review));
      let contract = await ok<ContractView>(
        "send",
        call("POST", `/api/contracts/${written.id}/send`, landlord.cookie),
      );
      switch (step) {
        case "enviado":
          break;
        case "cancelado":
          await ok(
            "cancel",
            call("POST", `/api/contracts/${written.id}/cancel`, landlord.cookie, {
              motivo: "O imóvel precisa de reforma.",
            }),
          );
          contract = await view();
          break;
        case "recusado": {
          const token = await signingLink(tenant.email, written.id);
          await ok("code", call("POST", `/api/signing/${written.id}/code`, undefined, { token }, uniqueIp()));
          await ok(
            "refuse",
            call("POST", `/api/signing/${written.id}/refuse`, undefined, {
              token,
              codigo: await signingCode(tenant.email),
              motivo: "O prazo não é o combinado.",
            }),
          );
          contract = await view();
          break;
        }
        case "assinado": {
          // Signing answers before the seal: the last signature leaves it `selando` until the job runs.
          let last: ContractStatus = contract.status;
          for (const s of signers) last = await sign(written.id, s);
          if (last !== "selando") throw new Error(`after the last signature: ${last}`);
          await t.settle();
          contract = await view();
          break;
        }
        default:
          step satisfies never;
      }
      if (contract.status !== step) throw new Error(`contract is ${contract.status}, not ${step}`);
      return { ...built, contract };
    },
  };
  return b;
}

export type Builders = ReturnType<typeof builders>;
