import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltContract, builders } from "../../../../tests/support/builders";
import { sha256 } from "../../../../tests/support/files";
import { outboxFor, subjectOf } from "../../../../tests/support/mail";
import { createTestApp, signUp, type TestApp } from "../../../../tests/support/test-app";
import { unzip } from "../../../../tests/support/zip";
import type { ContractView } from "../../../shared/contracts/contracts";
import type { InspectionContent, InspectionView } from "../../../shared/contracts/inspections";
import { manualClock } from "../../clock";
import { pdfText } from "../contracts/pdf-boxes.fixture";

/*
 * Issue 31: the inspection report of a lease, through the API as its two parties use it — the
 * landlord fills and sends it, the tenant contests within the window (or stays silent), the
 * landlord answers, and the agreed report becomes a laudo both sign, bound to the lease.
 */

const clock = manualClock(new Date("2026-12-01T13:00:00Z"));
let t: TestApp;
let b: ReturnType<typeof builders>;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" }, { clock });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});
afterAll(() => t.close());

const json = <T>(r: { statusCode: number; body: string }, status = 200): T => {
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body) as T;
};
const codeOf = (r: { body: string }) => (JSON.parse(r.body) as { code: string }).code;

/** Every item graded "bom", with `photos` spread over the first room and its first items. */
function graded(content: InspectionContent, photos: string[] = []): InspectionContent {
  return {
    ...content,
    comodos: content.comodos.map((r, n) => ({
      ...r,
      fotos: n === 0 ? photos.slice(0, 1) : [],
      itens: r.itens.map((i, k) => ({
        ...i,
        estado: "bom" as const,
        fotos: n === 0 && k === 0 ? photos.slice(1) : [],
      })),
    })),
  };
}

async function startEntry(built: BuiltContract): Promise<InspectionView> {
  return json<InspectionView>(
    await b.call("POST", `/api/contracts/${built.contract.id}/inspections`, built.landlord.cookie, {
      tipo: "entrada",
    }),
    201,
  );
}

async function sendForReview(built: BuiltContract, photos: string[] = []): Promise<InspectionView> {
  const draft = await startEntry(built);
  const saved = json<InspectionView>(
    await b.call("PUT", `/api/inspections/${draft.id}`, built.landlord.cookie, {
      versao: draft.versao,
      conteudo: graded(draft.conteudo, photos),
    }),
  );
  return json<InspectionView>(
    await b.call("POST", `/api/inspections/${saved.id}/finish`, built.landlord.cookie),
  );
}

describe("an inspection report, by its landlord and tenant", () => {
  it("is filled, contested, answered, signed as a laudo and then never changes", {
    timeout: 240_000,
  }, async () => {
    const built = await b.contract("assinado", { garantias: ["seguro_fianca"] });
    const { landlord, tenant } = built;
    const stranger = await b.person("Joana");
    const contractId = built.contract.id;

    // Only the landlord starts it; the tenant is refused, a stranger and anonymous see nothing.
    expect(
      (await b.call("POST", `/api/contracts/${contractId}/inspections`, tenant.cookie, { tipo: "entrada" }))
        .statusCode,
    ).toBe(403);
    expect(
      (await b.call("GET", `/api/contracts/${contractId}/inspections`, stranger.cookie)).statusCode,
    ).toBe(404);
    expect((await b.call("GET", `/api/contracts/${contractId}/inspections`)).statusCode).toBe(401);
    const draft = await startEntry(built);
    expect(draft).toMatchObject({ tipo: "entrada", status: "rascunho", papel: "landlord", versao: 0 });
    expect(draft.conteudo.comodos.length).toBeGreaterThan(3);
    const again = await b.call("POST", `/api/contracts/${contractId}/inspections`, landlord.cookie, {
      tipo: "entrada",
    });
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe("inspection-exists");
    expect((await b.call("GET", `/api/inspections/${draft.id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await b.call("GET", `/api/inspections/${draft.id}`)).statusCode).toBe(401);
    expect((await b.call("GET", `/api/inspections/${draft.id}`, tenant.cookie)).statusCode).toBe(200);

    // The landlord's photos; another person's photo cannot go into the report.
    const photos = [
      await b.photo(landlord, [10, 20, 30]),
      await b.photo(landlord, [40, 50, 60]),
      await b.photo(landlord, [70, 80, 90]),
    ];
    const strangers = await b.photo(stranger);
    const content = graded(draft.conteudo, photos);
    const foreign = await b.call("PUT", `/api/inspections/${draft.id}`, landlord.cookie, {
      versao: 0,
      conteudo: graded(draft.conteudo, [strangers]),
    });
    expect(foreign.statusCode).toBe(400);
    expect(codeOf(foreign)).toBe("inspection-invalid-photo");
    expect(
      (await b.call("PUT", `/api/inspections/${draft.id}`, tenant.cookie, { versao: 0, conteudo: content }))
        .statusCode,
    ).toBe(403);

    // Saved as it is filled; a save from an older version (another phone) is refused, not lost.
    const half = json<InspectionView>(
      await b.call("PUT", `/api/inspections/${draft.id}`, landlord.cookie, {
        versao: 0,
        conteudo: draft.conteudo,
      }),
    );
    expect(half.versao).toBe(1);
    const early = await b.call("POST", `/api/inspections/${draft.id}/finish`, landlord.cookie);
    expect(early.statusCode).toBe(400);
    expect(codeOf(early)).toBe("inspection-incomplete");
    const stale = await b.call("PUT", `/api/inspections/${draft.id}`, landlord.cookie, {
      versao: 0,
      conteudo: content,
    });
    expect(stale.statusCode).toBe(409);
    expect(codeOf(stale)).toBe("inspection-stale");
    const full = json<InspectionView>(
      await b.call("PUT", `/api/inspections/${draft.id}`, landlord.cookie, { versao: 1, conteudo: content }),
    );
    expect(full.fotos.map((f) => f.id).sort()).toEqual([...photos].sort());
    // Before it is sent, the photos are the landlord's alone.
    expect((await b.call("GET", `/api/storage/objects/${photos[0]}`, tenant.cookie)).statusCode).toBe(403);
    expect((await b.call("GET", `/api/photos/${photos[0]}?w=320`, tenant.cookie)).statusCode).toBe(403);

    // Sent: the tenant is told, with the window's end; the photos are the lease's, shared, undeletable.
    const sent = json<InspectionView>(
      await b.call("POST", `/api/inspections/${draft.id}/finish`, landlord.cookie),
    );
    expect(sent.status).toBe("revisao");
    expect(sent.revisaoAte).toBe("2026-12-07T02:59:59.999Z");
    await t.settle();
    const told = (await outboxFor(t.dataDir, tenant.email)).find((m) =>
      subjectOf(m.raw).includes("Vistoria de entrada do contrato"),
    );
    expect(told?.text).toContain("06/12/2026");
    expect(told?.text).toContain(`/Vistoria?id=${draft.id}`);
    expect((await b.call("GET", `/api/storage/objects/${photos[0]}`, tenant.cookie)).statusCode).toBe(200);
    // The screens draw them at phone size from their renditions: the tenant may now ask for them.
    expect((await b.call("GET", `/api/photos/${photos[0]}?w=320`, tenant.cookie)).statusCode).toBe(200);
    expect((await b.call("GET", `/api/photos/${photos[0]}?w=320`, stranger.cookie)).statusCode).toBe(403);
    const del = await b.call("DELETE", `/api/storage/objects/${photos[1]}`, landlord.cookie);
    expect(del.statusCode).toBe(409);
    expect(codeOf(del)).toBe("contract-document-locked");
    const edit = await b.call("PUT", `/api/inspections/${draft.id}`, landlord.cookie, {
      versao: sent.versao,
      conteudo: content,
    });
    expect(edit.statusCode).toBe(409);
    expect(codeOf(edit)).toBe("inspection-wrong-step");

    // The tenant contests two items (one with her photo), agrees with one, and sends her review.
    const items = sent.conteudo.comodos.flatMap((r) => r.itens);
    const [first, second, third] = items;
    if (!first || !second || !third) throw new Error("no items");
    const hers = await b.photo(tenant, [200, 10, 10]);
    const review = (itemId: string, body: unknown, who = tenant) =>
      b.call("PUT", `/api/inspections/${draft.id}/items/${itemId}/review`, who.cookie, body);
    expect((await review(first.id, { decisao: "concorda" }, landlord)).statusCode).toBe(403);
    const noNote = await review(first.id, { decisao: "contesta", observacao: " " });
    expect(noNote.statusCode).toBe(400);
    // Said in pt-BR as the form shows it.
    expect(JSON.parse(noNote.body).message).toBe(
      "Diga o que está diferente: a contestação precisa de uma observação.",
    );
    json(
      await review(first.id, {
        decisao: "contesta",
        estado: "ruim",
        observacao: "Parede com infiltração",
        fotos: [hers],
      }),
    );
    json(await review(second.id, { decisao: "contesta", estado: "regular", observacao: "Piso riscado" }));
    json(await review(third.id, { decisao: "concorda" }));
    // The landlord does not read her contests before she sends them.
    const meanwhile = json<InspectionView>(
      await b.call("GET", `/api/inspections/${draft.id}`, landlord.cookie),
    );
    expect(meanwhile.contestacoes).toEqual({});
    const submitted = json<InspectionView>(
      await b.call("POST", `/api/inspections/${draft.id}/review`, tenant.cookie),
    );
    expect(submitted.status).toBe("respostas");
    expect(Object.keys(submitted.contestacoes).sort()).toEqual([first.id, second.id].sort());
    await t.settle();
    expect(
      (await outboxFor(t.dataDir, landlord.email)).some((m) =>
        subjectOf(m.raw).includes("2 itens contestados"),
      ),
    ).toBe(true);
    // Her photo is now the lease's too: the landlord reads it.
    expect((await b.call("GET", `/api/storage/objects/${hers}`, landlord.cookie)).statusCode).toBe(200);

    // The landlord accepts one, keeps the other with a reason; then it is agreed.
    const answer = (itemId: string, body: unknown, who = landlord) =>
      b.call("PUT", `/api/inspections/${draft.id}/items/${itemId}/answer`, who.cookie, body);
    expect((await answer(first.id, { decisao: "aceita" }, tenant)).statusCode).toBe(403);
    const noReason = await answer(second.id, { decisao: "mantem", motivo: "" });
    expect(noReason.statusCode).toBe(400);
    expect(JSON.parse(noReason.body).message).toBe("Diga por que mantém a sua versão.");
    const accepted = json<InspectionView>(await answer(first.id, { decisao: "aceita" }));
    expect(accepted.status).toBe("respostas");
    const changed = accepted.conteudo.comodos.flatMap((r) => r.itens).find((i) => i.id === first.id);
    expect(changed).toMatchObject({ estado: "ruim" });
    expect(changed?.fotos).toContain(hers);
    const agreed = json<InspectionView>(
      await answer(second.id, { decisao: "mantem", motivo: "Riscos já estavam lá" }),
    );
    expect(agreed.status).toBe("concluida");
    expect(agreed.concordanciaTacita).toBe(false);
    expect(agreed.historico.map((h) => h.acao)).toEqual([
      "iniciou",
      "editou",
      "enviou_revisao",
      "contestou",
      "contestou",
      "concordou",
      "enviou_revisao_locatario",
      "aceitou_contestacao",
      "manteve",
    ]);

    // The laudo: a document of the lease both sign; once sealed, the report is immutable.
    expect((await b.call("POST", `/api/inspections/${draft.id}/sign`, tenant.cookie)).statusCode).toBe(403);
    const toSign = json<InspectionView>(
      await b.call("POST", `/api/inspections/${draft.id}/sign`, landlord.cookie),
    );
    expect(toSign.status).toBe("assinatura");
    const laudoId = toSign.documentoId as string;
    const laudo = json<ContractView>(await b.call("GET", `/api/contracts/${laudoId}`, tenant.cookie));
    expect(laudo.titulo).toMatch(/^Laudo de vistoria nº /);
    const draftPdf = pdfText(await t.app.storage.readBytes(laudo.documentId as string));
    expect(draftPdf).toContain("LAUDO DE VISTORIA DE ENTRADA");
    expect(draftPdf).toContain(`contrato de locação nº ${built.contract.numero}`);
    expect(draftPdf).toContain("Parede com infiltração");
    expect(draftPdf).toContain("Motivo: Riscos já estavam lá");
    // Every photo's SHA-256, the tenant's included, is printed (in two halves beside its thumbnail).
    for (const photo of toSign.fotos) {
      expect(draftPdf).toContain(photo.sha256.slice(0, 32));
      expect(draftPdf).toContain(photo.sha256.slice(32));
    }
    expect(toSign.fotos).toHaveLength(4);
    // The originals as one zip, whose SHA-256 the laudo states: either party downloads it, and
    // each entry is an original byte for byte; anyone else is told it does not exist.
    const archive = toSign.arquivoFotos;
    expect(archive?.fotos).toBe(4);
    expect(draftPdf).toMatch(new RegExp(`de \\d+ kB, .*cujo SHA-256 é\\s+${archive?.sha256}\\.`, "s"));
    const zipPath = `/api/inspections/${draft.id}/fotos.zip`;
    const zipped = await b.call("GET", zipPath, tenant.cookie);
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers["content-type"]).toBe("application/zip");
    expect(zipped.headers["content-disposition"]).toMatch(
      /^attachment; filename="chave-vistoria-entrada-[\w-]+\.zip"$/,
    );
    expect(sha256(zipped.rawPayload)).toBe(archive?.sha256);
    expect(zipped.rawPayload.length).toBe(archive?.tamanho);
    const entries = [...(await unzip(zipped.rawPayload)).values()];
    expect(entries.map((e) => sha256(e)).sort()).toEqual(toSign.fotos.map((f) => f.sha256).sort());
    expect((await b.call("GET", zipPath, landlord.cookie)).statusCode).toBe(200);
    expect((await b.call("GET", zipPath, stranger.cookie)).statusCode).toBe(404);
    expect((await b.call("GET", zipPath, "")).statusCode).toBe(401);

    json(await b.call("POST", `/api/contracts/${laudoId}/send`, landlord.cookie));
    await t.settle();
    // The landlord and the tenant sign it, as they signed the lease.
    for (const s of built.signers.slice(0, 2)) await b.sign(laudoId, s);
    await t.settle();
    const sealed = json<InspectionView>(await b.call("GET", `/api/inspections/${draft.id}`, tenant.cookie));
    expect(sealed.status).toBe("assinada");
    const locked = await b.call(
      "PUT",
      `/api/inspections/${draft.id}/items/${second.id}/answer`,
      landlord.cookie,
      {
        decisao: "aceita",
      },
    );
    expect(locked.statusCode).toBe(409);
    expect(codeOf(locked)).toBe("inspection-locked");
    const list = json<ContractView[]>(await b.call("GET", "/api/contracts", tenant.cookie));
    expect(list.find((c) => c.id === laudoId)?.status).toBe("assinado");
  });

  it("counts the tenant's silence as agreement when the window ends, and says so", {
    timeout: 120_000,
  }, async () => {
    const built = await b.contract("assinado", { garantias: ["seguro_fianca"] });
    const sent = await sendForReview(built);
    const item = sent.conteudo.comodos[0]?.itens[0];
    if (!item) throw new Error("no item");
    // A day before the end nothing closes.
    const statusOf = async () =>
      json<InspectionView>(await b.call("GET", `/api/inspections/${sent.id}`, built.tenant.cookie)).status;
    clock.set(new Date("2026-12-06T02:00:00Z"));
    await t.app.inspections.closeEndedReviews();
    expect(await statusOf()).toBe("revisao");
    // After the last instant, the job closes it: agreed by silence, recorded in the history.
    clock.set(new Date("2026-12-07T03:00:00Z"));
    const late = await b.call(
      "PUT",
      `/api/inspections/${sent.id}/items/${item.id}/review`,
      built.tenant.cookie,
      {
        decisao: "contesta",
        observacao: "Tarde demais",
      },
    );
    expect(late.statusCode).toBe(409);
    expect(await t.app.inspections.closeEndedReviews()).toBeGreaterThanOrEqual(1);
    const closed = json<InspectionView>(
      await b.call("GET", `/api/inspections/${sent.id}`, built.tenant.cookie),
    );
    expect(closed).toMatchObject({ status: "concluida", concordanciaTacita: true });
    expect(closed.historico.at(-1)).toMatchObject({ acao: "prazo_encerrado", quem: "Chave" });
    await t.settle();
    expect(
      (await outboxFor(t.dataDir, built.tenant.email)).some((m) =>
        subjectOf(m.raw).includes("aceita pelo fim do prazo"),
      ),
    ).toBe(true);
    clock.set(new Date("2026-12-01T13:00:00Z"));
  });

  it("starts the exit report from the entry one, side by side, and totals the damage", {
    timeout: 120_000,
  }, async () => {
    const built = await b.contract("assinado", { garantias: ["seguro_fianca"] });
    const { landlord } = built;
    const start = (tipo: string) =>
      b.call("POST", `/api/contracts/${built.contract.id}/inspections`, landlord.cookie, { tipo });
    const before = await start("saida");
    expect(before.statusCode).toBe(409);
    expect(codeOf(before)).toBe("inspection-entry-required");
    const entry = await sendForReview(built);
    json(await b.call("POST", `/api/inspections/${entry.id}/review`, built.tenant.cookie));
    const exit = json<InspectionView>(await start("saida"), 201);
    expect(exit.entrada?.id).toBe(entry.id);
    expect(exit.conteudo.comodos.map((r) => r.nome)).toEqual(entry.conteudo.comodos.map((r) => r.nome));
    expect(exit.conteudo.comodos.every((r) => r.itens.every((i) => i.estado === null))).toBe(true);
    const conteudo = graded(exit.conteudo);
    const room = conteudo.comodos[0];
    if (!room?.itens[0] || !room.itens[1]) throw new Error("no items");
    room.itens[0].dano = { descricao: "Furo na parede", custo: 15_000 };
    room.itens[1].dano = { descricao: "Piso lascado", custo: 32_050 };
    const saved = json<InspectionView>(
      await b.call("PUT", `/api/inspections/${exit.id}`, landlord.cookie, { versao: exit.versao, conteudo }),
    );
    expect(saved.totalDanos).toBe(47_050);
    // The entry report cannot carry damage.
    const entryDamage = await b.call("PUT", `/api/inspections/${entry.id}`, landlord.cookie, {
      versao: 0,
      conteudo,
    });
    expect(entryDamage.statusCode).toBe(409);
  });
});

describe("who may see a report", () => {
  it("is a lease's two parties only: a person with an account and no part in it gets 404", async () => {
    const someone = await signUp(t.app, { name: "Alguém" });
    const res = await b.call(
      "GET",
      "/api/contracts/00000000-0000-4000-8000-000000000000/inspections",
      someone.cookie,
    );
    expect(res.statusCode).toBe(404);
    const bad = await b.call("GET", "/api/inspections/not-a-uuid", someone.cookie);
    expect(bad.statusCode).toBe(404);
  });

  it("adds the inspector the landlord invites, for that report only, who fills it and never sends it", {
    timeout: 120_000,
  }, async () => {
    const built = await b.contract("assinado");
    const { landlord, tenant } = built;
    const draft = await startEntry(built);
    const other = await startEntry(await b.contract("assinado"));
    const vera = await b.person("Vera");
    const path = `/api/inspections/${draft.id}`;
    expect((await b.call("GET", path, vera.cookie)).statusCode).toBe(404);

    // Only the landlord invites, an account that exists and is not a party's.
    const invite = (who: { cookie: string }, email: string) =>
      b.call("PUT", `${path}/inspector`, who.cookie, { email });
    expect((await invite(tenant, vera.email)).statusCode).toBe(403);
    const unknown = await invite(landlord, "ninguem.aqui@example.com");
    expect(unknown.statusCode).toBe(400);
    expect(JSON.parse(unknown.body).message).toMatch(/^Não há conta confirmada na Chave com este e-mail/);
    const party = await invite(landlord, tenant.email);
    expect(codeOf(party)).toBe("inspection-inspector-party");
    expect((await invite(landlord, "não é e-mail")).statusCode).toBe(400);
    const invited = json<InspectionView>(await invite(landlord, vera.email.toUpperCase()));
    expect(invited.vistoriador).toBe(vera.email);
    await t.settle();
    const told = (await outboxFor(t.dataDir, vera.email)).find((m) =>
      subjectOf(m.raw).includes("Convite para a vistoria de entrada"),
    );
    expect(told?.text).toContain(`/Vistoria?id=${draft.id}`);

    // Vera reads and fills it with her own photos; the landlord's photos and hers are each other's.
    const mine = await b.photo(landlord, [10, 20, 30]);
    const hers = await b.photo(vera, [90, 80, 70]);
    const seen = json<InspectionView>(await b.call("GET", path, vera.cookie));
    expect(seen.papel).toBe("inspector");
    const filled = json<InspectionView>(
      await b.call("PUT", path, vera.cookie, {
        versao: seen.versao,
        conteudo: graded(seen.conteudo, [mine, hers]),
      }),
    );
    expect(filled.fotos.map((f) => f.id).sort()).toEqual([mine, hers].sort());
    expect((await b.call("GET", `/api/photos/${hers}?w=320`, landlord.cookie)).statusCode).toBe(200);
    expect((await b.call("GET", `/api/photos/${mine}?w=320`, vera.cookie)).statusCode).toBe(200);
    // The landlord goes on from her save, and the inspector's photo stays usable in his.
    json<InspectionView>(
      await b.call("PUT", path, landlord.cookie, { versao: filled.versao, conteudo: filled.conteudo }),
    );

    // Neither sends it, nor answers, nor writes the laudo; another report, or the lease's list: 404.
    expect((await b.call("POST", `${path}/finish`, vera.cookie)).statusCode).toBe(403);
    expect((await b.call("POST", `${path}/sign`, vera.cookie)).statusCode).toBe(403);
    expect((await invite(vera, vera.email)).statusCode).toBe(403);
    expect((await b.call("GET", `/api/inspections/${other.id}`, vera.cookie)).statusCode).toBe(404);
    expect(
      (await b.call("GET", `/api/contracts/${built.contract.id}/inspections`, vera.cookie)).statusCode,
    ).toBe(404);

    // Withdrawn: the report and the landlord's photos are hidden from her again.
    const withdrawn = json<InspectionView>(await b.call("DELETE", `${path}/inspector`, landlord.cookie));
    expect(withdrawn.vistoriador).toBeNull();
    expect(withdrawn.historico.map((h) => h.acao)).toContain("removeu_vistoriador");
    expect((await b.call("GET", path, vera.cookie)).statusCode).toBe(404);
    expect((await b.call("GET", `/api/photos/${mine}?w=320`, vera.cookie)).statusCode).toBe(403);
  });
});
