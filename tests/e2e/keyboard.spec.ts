import type { ElementHandle, Locator, Page } from "@playwright/test";
import { randomCpf } from "../support/files";
import { audit } from "./axe";
import { expect, test } from "./fixtures";
import { fromOutbox, newEmail, signUpInBrowser } from "./helpers";
import { completeProfile, publishOffer } from "./market";

/*
 * Issue 15: the proposal flow and the signing ceremony with the keyboard alone (Tab, Shift+Tab,
 * Enter, Space, the arrow keys, Escape; no click), as someone who cannot use a mouse goes through
 * them. At every stop the focused control must be seen: the pixels round it differ from when it
 * is not focused, and it is not hidden under the fixed header. Key controls must be reached in
 * the order they are read; a dialog keeps the focus inside it and Escape closes it, giving the
 * focus back to the button that opened it. Axe audits what the route-table walk of a11y.spec.ts
 * cannot reach: the dialogs, a contract's page, the ceremony and its end.
 */

const PASSWORD = "Ipê amarelo na varanda 42";
const VIEWPORT = { width: 1280, height: 800 };

type Box = { x: number; y: number; width: number; height: number };

/** The region a focus ring is drawn in: the control and a few pixels round it. */
function ringArea(box: Box, page: Page): Box | null {
  const size = page.viewportSize() ?? VIEWPORT;
  const pad = 4;
  const x = Math.max(0, box.x - pad);
  const y = Math.max(0, box.y - pad);
  const right = Math.min(size.width, box.x + box.width + pad);
  const bottom = Math.min(size.height, box.y + box.height + pad);
  return right - x > 2 && bottom - y > 2 ? { x, y, width: right - x, height: bottom - y } : null;
}

/** Tab by Tab through a page, checking each stop; `stops` is what was focused, in order. */
class KeyboardWalk {
  readonly stops: string[] = [];
  readonly problems: string[] = [];
  private last: { el: ElementHandle<Element>; name: string; area: Box | null; shot: Buffer | null } | null =
    null;

  constructor(private readonly page: Page) {}

  /** The focused element's role and name, as a person hears it. */
  private async describe(el: ElementHandle<Element>): Promise<string> {
    return el.evaluate((node) => {
      const e = node as HTMLElement;
      const labelled = e.getAttribute("aria-labelledby");
      const name =
        e.getAttribute("aria-label") ??
        (labelled ? document.getElementById(labelled)?.textContent : null) ??
        (e as HTMLInputElement).labels?.[0]?.textContent ??
        e.textContent ??
        "";
      const role = e.getAttribute("role") ?? e.tagName.toLowerCase();
      return `${role} "${name.replace(/\s+/g, " ").trim().slice(0, 60)}"`;
    });
  }

  /** One key that moves the focus (Tab, Shift+Tab), then the checks of where it went. */
  async press(key: "Tab" | "Shift+Tab" = "Tab") {
    await this.page.keyboard.press(key);
    const el = (await this.page.evaluateHandle(() => document.activeElement)).asElement();
    if (!el) throw new Error("nothing has the focus");
    const same = this.last ? await el.evaluate((a, b) => a === b, this.last.el) : false;
    // The control just left must look different now than when it had the focus.
    const before = this.last;
    if (before && !same && before.area && before.shot) {
      const box = await before.el.boundingBox().catch(() => null);
      const area = box && ringArea(box, this.page);
      if (area && area.x === before.area?.x && area.y === before.area.y) {
        const now = await this.page.screenshot({ clip: area });
        if (now.equals(before.shot)) this.problems.push(`no visible focus on ${before.name}`);
      }
    }
    if (same) return;
    const name = await this.describe(el);
    this.stops.push(name);
    const box = await el.boundingBox();
    if (!box || box.width === 0 || box.height === 0) {
      this.problems.push(`the focus went to ${name}, which is not visible`);
      this.last = { el, name, area: null, shot: null };
      return;
    }
    // Not under the fixed header or off screen: what is drawn at its centre is the control.
    const onTop = await el.evaluate((e) => {
      const r = e.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 10));
      return (
        top !== null && (e.contains(top) || top.contains(e) || e.closest("label")?.contains(top) === true)
      );
    });
    if (!onTop) this.problems.push(`${name} has the focus but is covered or off screen`);
    const area = ringArea(box, this.page);
    this.last = { el, name, area, shot: area ? await this.page.screenshot({ clip: area }) : null };
  }

  /** Tab (or Shift+Tab) until `target` has the focus; fails after `max` stops. */
  async to(target: Locator, { key = "Tab", max = 40 }: { key?: "Tab" | "Shift+Tab"; max?: number } = {}) {
    const wanted = await target.elementHandle({ timeout: 10_000 });
    if (!wanted) throw new Error(`no ${target} on the page`);
    for (let i = 0; i < max; i++) {
      await this.press(key);
      if (await wanted.evaluate((e) => e === document.activeElement)) return;
    }
    throw new Error(`${max} presses of ${key} never reached ${target}; the stops: ${this.stops.join(" → ")}`);
  }

  /** Where the focus is now, in the order of `stops`. */
  at(): number {
    return this.stops.length - 1;
  }

  /** The stops so far must be seen, none covered: fails with each stop that was not. */
  expectSeen() {
    expect(this.problems, `${this.problems.join("\n")}\nthe stops: ${this.stops.join(" → ")}`).toEqual([]);
  }
}

/** Focus is inside the open dialog. */
async function focusInDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
}

/**
 * Tab and Shift+Tab round the open dialog: the focus never leaves it. Escape closes it. Returns
 * axe's findings on the dialog.
 */
async function checkDialog(
  page: Page,
  walk: KeyboardWalk,
  opener: Locator,
  where: string,
): Promise<string[]> {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusInDialog(page), "the dialog takes the focus").toBe(true);
  const findings = await audit(page, where, { outline: false });
  for (const key of [
    "Tab",
    "Tab",
    "Tab",
    "Tab",
    "Tab",
    "Tab",
    "Shift+Tab",
    "Shift+Tab",
    "Shift+Tab",
  ] as const) {
    await walk.press(key);
    expect(await focusInDialog(page), `after ${key} the focus is still in the dialog`).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener, "Escape gives the focus back to the button that opened the dialog").toBeFocused();
  return findings;
}

test("keyboard only: from the offer to a sent proposal, then the signing ceremony; axe on its dialogs and the ceremony", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const landlordCtx = await browser.newContext({ viewport: VIEWPORT });
  const tenantCtx = await browser.newContext({ viewport: VIEWPORT });
  const landlord = await landlordCtx.newPage();
  const tenant = await tenantCtx.newPage();
  const people = {
    landlord: { nome: "Helena Duarte Campos", cpf: randomCpf(), email: newEmail("teclado-locadora") },
    tenant: { nome: "Otávio Ribeiro Souza", cpf: randomCpf(), email: newEmail("teclado-inquilino") },
  };
  const findings: string[] = [];
  await signUpInBrowser(landlord, {
    name: "Helena Duarte",
    email: people.landlord.email,
    password: PASSWORD,
  });
  await completeProfile(landlord.request, people.landlord.nome, { cpf: people.landlord.cpf });
  const offerId = await publishOffer(landlord);
  await signUpInBrowser(tenant, { name: "Otávio Ribeiro", email: people.tenant.email, password: PASSWORD });
  await completeProfile(tenant.request, people.tenant.nome, { cpf: people.tenant.cpf });

  // The offer: the first Tab is the skip link, Enter on it goes past the header to the screen;
  // Tab then reaches "Fazer proposta", and Enter follows it.
  await tenant.goto(`/AluguelOferta?id=${offerId}`);
  const makeProposal = tenant.getByTestId("make-proposal");
  await expect(makeProposal).toBeVisible();
  const offerWalk = new KeyboardWalk(tenant);
  await offerWalk.press();
  await expect(tenant.getByRole("link", { name: "Ir para o conteúdo" })).toBeFocused();
  await tenant.keyboard.press("Enter");
  await expect(tenant.locator("#content")).toBeFocused();
  await offerWalk.to(makeProposal);
  expect(
    offerWalk.stops.join(" → "),
    "nothing of the header between the skip link and the screen",
  ).not.toMatch(/menu da conta|Mensagens/);
  offerWalk.expectSeen();
  await tenant.keyboard.press("Enter");
  await expect(tenant).toHaveURL(new RegExp(`/AluguelProposta\\?oferta=${offerId}`));
  await expect(tenant.getByRole("heading", { name: "Fazer proposta" })).toBeVisible();

  // The proposal: each field reached by Tab in reading order, filled by typing; the guarantee
  // chosen with the arrow keys, the pets box ticked with Space, sent with Enter.
  const form = new KeyboardWalk(tenant);
  const order: Record<string, number> = {};
  const field = (label: string) => tenant.getByLabel(label, { exact: true });
  await form.to(field("Aluguel proposto (R$)"));
  order.aluguel = form.at();
  await form.to(field("Data de entrada"));
  order.entrada = form.at();
  await form.to(field("Prazo (meses)"));
  order.prazo = form.at();
  const garantia = tenant.getByRole("combobox", { name: "Garantia" });
  const options = tenant.getByRole("listbox", { name: "Garantia" });
  await form.to(garantia);
  order.garantia = form.at();
  await tenant.keyboard.press("ArrowDown");
  await expect(options).toBeVisible();
  await tenant.keyboard.press("ArrowDown");
  await tenant.keyboard.press("ArrowUp");
  await tenant.keyboard.press("Enter");
  await expect(options).toBeHidden();
  await expect(garantia).toHaveValue("Seguro-fiança");
  await form.to(field("Moradores"));
  order.moradores = form.at();
  await tenant.keyboard.press("ControlOrMeta+A");
  await tenant.keyboard.type("2");
  await form.to(field("Sua renda mensal (R$)"));
  order.renda = form.at();
  await tenant.keyboard.press("ControlOrMeta+A");
  await tenant.keyboard.type("9000");
  await form.press();
  order.pets = form.at();
  const pets = tenant.getByRole("checkbox", { name: "Tenho animais de estimação" });
  await expect(pets, "Tab goes from the income to the pets box beside it").toBeFocused();
  await tenant.keyboard.press("Space");
  await expect(pets).toBeChecked();
  await form.to(field("Mensagem à parte locadora"));
  order.mensagem = form.at();
  await tenant.keyboard.type("Posso mudar na data que você preferir.");
  const send = tenant.getByRole("button", { name: "Enviar proposta" });
  await form.to(send);
  order.enviar = form.at();
  form.expectSeen();
  const sequence = [
    "aluguel",
    "entrada",
    "prazo",
    "garantia",
    "moradores",
    "renda",
    "pets",
    "mensagem",
    "enviar",
  ];
  expect(
    sequence.map((k) => order[k] ?? -1),
    `reached in reading order: ${form.stops.join(" → ")}`,
  ).toEqual([...sequence.map((k) => order[k] ?? -1)].sort((a, b) => a - b));
  await tenant.keyboard.press("Enter");
  await expect(tenant).toHaveURL(/\/PropostaEnviada\?id=/);
  await expect(tenant.getByTestId("sent-confirmation")).toBeVisible();
  const proposalId = new URL(tenant.url()).searchParams.get("id") as string;

  // Withdrawing asks first, in a dialog that keeps the focus; Escape answers "not now".
  const sent = new KeyboardWalk(tenant);
  const withdraw = tenant.getByRole("button", { name: "Retirar proposta" });
  await sent.to(withdraw, { max: 60 });
  await tenant.keyboard.press("Enter");
  findings.push(...(await checkDialog(tenant, sent, withdraw, "the withdrawal dialog")));
  sent.expectSeen();

  // The landlord's answers ask first too: refusing opens a dialog with its reason, kept by the
  // keyboard and checked by axe; Escape leaves the proposal as it was.
  await landlord.goto(`/AprovarProposta?id=${proposalId}`);
  const decide = new KeyboardWalk(landlord);
  const reject = landlord.getByRole("button", { name: "Recusar", exact: true });
  await decide.to(reject, { max: 80 });
  await landlord.keyboard.press("Enter");
  findings.push(...(await checkDialog(landlord, decide, reject, "the landlord's refusal dialog")));
  decide.expectSeen();

  // The signing ceremony. Setup through the API: the landlord approves and sends the contract.
  const approved = await landlord.request.post(`/api/proposals/${proposalId}/actions`, {
    data: { action: "approve" },
  });
  expect(approved.status()).toBe(200);
  let contractId = "";
  await expect
    .poll(
      async () => {
        const list = (await (await landlord.request.get("/api/contracts")).json()) as { id: string }[];
        contractId = list[0]?.id ?? "";
        return list.length;
      },
      { message: "the contract is written after the approval", timeout: 20_000 },
    )
    .toBe(1);
  expect((await landlord.request.post(`/api/contracts/${contractId}/send`)).status()).toBe(200);

  // The landlord, signed in, reaches "Assinar agora" on the contract's page by Tab.
  await landlord.goto(`/Clicksign?contrato=${contractId}`);
  const signNow = landlord.getByTestId("sign-now");
  await expect(signNow).toBeVisible();
  findings.push(...(await audit(landlord, "a contract in signature, to its landlord")));
  const ceremony = new KeyboardWalk(landlord);
  await ceremony.to(signNow, { max: 60 });
  await landlord.keyboard.press("Enter");
  await expect(landlord).toHaveURL(/token=/);
  await expect(landlord.getByTestId("ceremony")).toContainText(people.landlord.nome);
  await expect(landlord.getByTestId("pdf-canvas")).toHaveAttribute("data-rendered-page", "1", {
    timeout: 20_000,
  });
  findings.push(...(await audit(landlord, "the signing ceremony")));

  // The code by e-mail, typed; the name and the CPF, typed; the terms agreed with Space.
  const sendCode = landlord.getByRole("button", { name: "Enviar código por e-mail" });
  await ceremony.to(sendCode, { max: 60 });
  const asked = Date.now() - 1000;
  await landlord.keyboard.press("Enter");
  await expect(landlord.getByText(/Código enviado para/)).toBeVisible();
  const code = await fromOutbox(people.landlord.email, /Use o código (\d{6})/, asked);
  await ceremony.to(landlord.getByLabel("Código de 6 dígitos"));
  await landlord.keyboard.type(code);
  await ceremony.press();
  await expect(landlord.getByLabel("Seu nome completo, como no contrato")).toBeFocused();
  await landlord.keyboard.type(people.landlord.nome);
  await ceremony.press();
  await expect(landlord.getByLabel("Seu CPF")).toBeFocused();
  await landlord.keyboard.type(people.landlord.cpf);
  const agree = landlord.getByRole("checkbox", { name: "Li o contrato e concordo com os termos" });
  await ceremony.to(agree);
  await landlord.keyboard.press("Space");
  await expect(agree).toBeChecked();

  // Refusing asks first, in a dialog; Escape leaves it, the signature goes on.
  const refuse = landlord.getByRole("button", { name: "Recusar", exact: true });
  await ceremony.to(refuse);
  await landlord.keyboard.press("Enter");
  findings.push(...(await checkDialog(landlord, ceremony, refuse, "the refusal dialog")));
  const sign = landlord.getByRole("button", { name: "Assinar", exact: true });
  await ceremony.to(sign);
  ceremony.expectSeen();
  await landlord.keyboard.press("Enter");
  await expect(landlord.getByTestId("ceremony-done")).toBeVisible();
  findings.push(...(await audit(landlord, "the ceremony's end")));
  expect(findings, findings.join("\n")).toEqual([]);

  await landlordCtx.close();
  await tenantCtx.close();
});
