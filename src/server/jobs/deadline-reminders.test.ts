import { describe, expect, it } from "vitest";
import { entryDate } from "../../../tests/support/bodies";
import { builders, type Person } from "../../../tests/support/builders";
import { outboxFor, subjectOf } from "../../../tests/support/mail";
import { createTestApp } from "../../../tests/support/test-app";
import type { ContractView } from "../../shared/contracts/contracts";
import type { NoticeList } from "../../shared/contracts/preferences";
import { manualClock } from "../clock";
import { SIGNING_REMINDER_HOURS } from "../domains/contracts/deadline-reminders";
import { PROPOSAL_REMINDER_HOURS } from "../domains/proposals/service";

/*
 * "Deadlines about to expire" are notices a deal depends on (issue 16): the party whose turn it
 * is is told once before a proposal's deadline, and a signer who has not signed once before the
 * envelope closes, whatever they chose for proposal or contract notices on /preferences2.
 *
 * The database is shared with the other test files, so each test's clock stands where only its
 * own deadlines fall in the window it asks about.
 */

const HOUR = 3_600_000;
const off = { match: "app", price_drop: "app", proposal: "off", contract: "off", message: "off" };

describe("deadline reminders", () => {
  it("tell the party whose turn it is, once, before a proposal's deadline, even with proposal notices off", async () => {
    // 50 hours back: the proposal's 72 h deadline falls 22 h from the real now, and the windows
    // asked about below hold no other test's deadline (theirs are about 72 h, or 2 h, from the
    // real now). The tests' apps run no schedule on their own (tests/support/test-app.ts).
    const clock = manualClock(new Date(Date.now() - 50 * HOUR));
    const t = await createTestApp({ LOG_LEVEL: "silent" }, { clock });
    try {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const b = builders(t);
      const landlord = await b.person("Heloísa");
      const tenant = await b.person("Caetano");
      for (const who of [landlord, tenant]) {
        const r = await b.call("PUT", "/api/preferences/notifications", who.cookie, {
          canais: off,
          horaResumo: 8,
        });
        expect(r.statusCode, r.body).toBe(200);
      }
      const { proposal } = await b.proposal("enviada", {
        landlord,
        tenant,
        garantia: "seguro_fianca",
        body: { dataEntrada: entryDate(clock.now()) },
      });
      if (!proposal.deadline) throw new Error("no deadline");
      const deadline = new Date(proposal.deadline).getTime();
      const service = t.app.proposals;
      const reminders = async (who: Person) => {
        await t.settle();
        const mails = (await outboxFor(t.dataDir, who.email)).filter((m) =>
          subjectOf(m.raw).startsWith("O prazo para responder termina em breve"),
        );
        const bell = (await b.call("GET", "/api/notifications", who.cookie))
          .json<NoticeList>()
          .items.filter((n) => n.title.startsWith("O prazo para responder termina em breve"));
        return { mails, bell };
      };

      // Earlier than the window: nothing yet.
      await service.remindDeadlines(new Date(deadline - PROPOSAL_REMINDER_HOURS * HOUR - 10 * 60_000));
      expect((await reminders(landlord)).mails).toHaveLength(0);

      // Within it, twice (two runs, or two nodes): one reminder.
      const within = new Date(deadline - PROPOSAL_REMINDER_HOURS * HOUR + 10 * 60_000);
      await service.remindDeadlines(within);
      await service.remindDeadlines(within);
      const told = await reminders(landlord);
      expect(told.mails).toHaveLength(1);
      expect(told.bell).toHaveLength(1);
      expect(told.bell[0]?.path).toBe(`/AprovarProposta?id=${proposal.id}`);
      expect(subjectOf(told.mails[0]?.raw ?? "")).toMatch(
        /^O prazo para responder termina em breve: Apartamento /,
      );
      expect(told.mails[0]?.text.replace(/\s+/g, " ")).toMatch(
        /espera a sua resposta até \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2} \(horário de Brasília\)\. Sem resposta até lá, ela expira/,
      );
      // Not the tenant's turn: not told.
      expect((await reminders(tenant)).mails).toHaveLength(0);
      expect((await reminders(tenant)).bell).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it("tell each signer who has not signed, once, before a built-in envelope closes, with a link that works", async () => {
    // Envelopes of 3 days here (30 elsewhere): the window asked about holds only this app's.
    const t = await createTestApp({ LOG_LEVEL: "silent", SIGNING_ENVELOPE_DAYS: "3" });
    try {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const b = builders(t);
      const built = await b.contract("enviado", { garantia: "seguro_fianca" });
      const [landlord, tenant] = built.signers;
      if (!landlord || !tenant) throw new Error("no signers");
      // The landlord turns contract notices off and signs; the tenant has not signed.
      await b.call("PUT", "/api/preferences/notifications", built.tenant.cookie, {
        canais: off,
        horaResumo: 8,
      });
      await b.sign(built.contract.id, landlord);
      const view = (
        await b.call("GET", `/api/contracts/${built.contract.id}`, built.landlord.cookie)
      ).json<ContractView>();
      if (!view.expiresAt) throw new Error("no envelope deadline");
      const closes = new Date(view.expiresAt).getTime();
      const reminded = async (email: string) => {
        await t.settle();
        return (await outboxFor(t.dataDir, email)).filter((m) =>
          subjectOf(m.raw).startsWith("Lembrete: o prazo para assinar o contrato de locação"),
        );
      };

      await t.app.contracts.remindBeforeExpiry(new Date(closes - SIGNING_REMINDER_HOURS * HOUR - 60_000));
      expect(await reminded(tenant.email)).toHaveLength(0);

      const within = new Date(closes - SIGNING_REMINDER_HOURS * HOUR + 60_000);
      await t.app.contracts.remindBeforeExpiry(within);
      await t.app.contracts.remindBeforeExpiry(within);
      const [mail, ...more] = await reminded(tenant.email);
      expect(more).toHaveLength(0);
      expect(mail?.text.replace(/\s+/g, " ")).toMatch(
        /espera a sua assinatura até .* \(horário de Brasília\)/,
      );
      // Who signed already is not reminded.
      expect(await reminded(landlord.email)).toHaveLength(0);
      // The reminder's link is the signer's link now: the tenant signs with it.
      await b.sign(built.contract.id, tenant);
      const after = (
        await b.call("GET", `/api/contracts/${built.contract.id}`, built.landlord.cookie)
      ).json<ContractView>();
      expect(after.signers.find((s) => s.email === tenant.email)?.status).toBe("assinado");
      // The trail says it was sent again, as a reminder.
      expect(
        after.events.some((e) => e.type === "reenviado" && /lembrete automático/.test(e.detail ?? "")),
      ).toBe(true);
    } finally {
      await t.close();
    }
  });
});
