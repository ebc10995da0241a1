import { expect, test } from "./fixtures";
import {
  fromOutbox,
  newEmail,
  resetLinkFromOutbox,
  signInInBrowser,
  signUpInBrowser,
  watchPage,
} from "./helpers";

test("a new user signs up, out and in, mistypes the password, resets it by e-mail and signs in again", async ({
  page,
}) => {
  const problems = watchPage(page);
  const email = newEmail("ana");
  const password = "Jabuticaba no quintal 2026";
  const newPassword = "Rede na varanda de Olinda 7";

  await signUpInBrowser(page, { name: "Ana Beatriz Souza", email, password });
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { name: "Olá, Ana!" })).toBeVisible();

  // Sign out through the account menu.
  await page.getByTestId("account-menu").click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(page.getByRole("link", { name: "Entrar" }).first()).toBeVisible();
  await expect(page.getByTestId("account-menu")).toHaveCount(0);

  // Sign in.
  await page.goto("/login");
  await signInInBrowser(page, email, password);
  await expect(page.getByTestId("account-menu")).toBeVisible();
  await page.goto("/logoff");
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("account-menu")).toHaveCount(0);

  // A wrong password says so, in pt-BR.
  await page.goto("/login");
  await signInInBrowser(page, email, "uma senha errada qualquer");
  await expect(page.getByTestId("login-error")).toHaveText("E-mail ou senha incorretos.");

  // Reset through the e-mail the server actually wrote.
  await page.getByRole("link", { name: "Esqueci minha senha" }).click();
  await expect(page).toHaveURL("/password");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByTestId("reset-sent")).toContainText(email);
  const link = await resetLinkFromOutbox(email);
  expect(link).toMatch(/\/password\/reset\?token=/);

  await page.goto(link);
  await page.getByRole("textbox", { name: "Nova senha", exact: true }).fill(newPassword);
  await page.getByLabel("Confirme a nova senha").fill(newPassword);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page).toHaveURL(/\/login\?reset=1/);
  await expect(page.getByText("Senha alterada. Entre com a nova senha.")).toBeVisible();

  // The old password no longer works; the new one does.
  await signInInBrowser(page, email, password);
  await expect(page.getByTestId("login-error")).toHaveText("E-mail ou senha incorretos.");
  await signInInBrowser(page, email, newPassword);
  await expect(page.getByTestId("account-menu")).toBeVisible();

  // The link was single-use, and says so before asking for anything (issue 29).
  await page.goto(link);
  await expect(page.getByTestId("reset-error")).toContainText("já foi usado ou expirou");
  await expect(page.getByRole("textbox", { name: "Nova senha", exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Pedir um novo link" }).click();
  await expect(page).toHaveURL("/password");

  expect(problems).toEqual([]);
});

test("sign-up refuses a common password, and answers a used e-mail as a new one (the owner is told by e-mail)", async ({
  page,
}) => {
  const email = newEmail("bia");
  await signUpInBrowser(page, { name: "Bia", email, password: "Caju maduro no pé 31" });
  await page.goto("/logoff");
  // Signed out once the server has ended the session and the screen went home.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("account-menu")).toHaveCount(0);

  await page.goto("/signup");
  await page.getByLabel("Nome completo").fill("Outra Pessoa");
  await page.getByLabel("E-mail").fill(newEmail());
  await page.getByRole("textbox", { name: "Senha", exact: true }).fill("flamengo123");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByText("Esta senha é muito comum e fácil de adivinhar. Escolha outra.")).toBeVisible();

  // A repeat is explained while typing (the strength check loads only here) and refused on sending.
  await page.getByRole("textbox", { name: "Senha", exact: true }).fill("aaaaaaaaaa");
  await expect(page.getByTestId("password-strength")).toContainText("repete o mesmo caractere");
  await page.getByRole("textbox", { name: "Senha", exact: true }).fill("Jaca madura no pé de Olinda 5");
  await expect(page.getByTestId("password-strength")).toHaveText("Boa senha.");

  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByTestId("check-email")).toContainText(email);
  await expect(page.getByText("Já existe uma conta")).toHaveCount(0);
  const warning = await fromOutbox(email, /(tentou criar uma conta na Chave com este e-mail)/);
  expect(warning).toBeTruthy();
});

test("an unconfirmed account is told so at sign-in and can ask for a new link", async ({ page }) => {
  const problems = watchPage(page);
  const email = newEmail("davi");
  const password = "Bolo de rolo em Recife 8";
  await page.goto("/signup");
  await page.getByLabel("Nome completo").fill("Davi Prado");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("textbox", { name: "Senha", exact: true }).fill(password);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByTestId("check-email")).toContainText(email);
  const started = Date.now();
  await page.getByRole("button", { name: "Reenviar o link" }).click();
  await expect(
    page.getByText(`Se houver uma conta a confirmar com ${email}, enviamos um novo link.`),
  ).toBeVisible();

  await page.goto("/login");
  await signInInBrowser(page, email, password);
  await expect(page.getByTestId("login-error")).toContainText("Confirme seu e-mail antes de entrar");
  await page.getByRole("button", { name: "Reenviar o link" }).click();
  await expect(page.getByTestId("confirmation-resent")).toContainText(email);

  // The newest link signs in and lands in the app; an old or broken one says what happened.
  const link = await fromOutbox(
    email,
    /(https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[A-Za-z0-9._-]+)/,
    started,
  );
  await page.goto(link);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("account-menu")).toBeVisible();
  await page.goto("/logoff");
  // Signed out once the server has ended the session and the screen went home: the spinner
  // alone (no menu) does not mean the session is over, and opening the link then signs in again.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("account-menu")).toHaveCount(0);
  await page.goto(link);
  await expect(page.getByTestId("confirmation-state")).toHaveText(
    "Seu e-mail já está confirmado. Entre com sua senha.",
  );
  await page.goto(`${link.split("?")[0]}?token=abc.def.ghi`);
  await expect(page.getByTestId("confirmation-state")).toContainText("expirou ou não é válido");
  expect(problems).toEqual([]);
});

test("a sign-out in one tab signs the other tab out too", async ({ context }) => {
  const first = await context.newPage();
  await signUpInBrowser(first, {
    name: "Caio",
    email: newEmail("caio"),
    password: "Pão de queijo quentinho 4",
  });
  const second = await context.newPage();
  await second.goto("/");
  await expect(second.getByTestId("account-menu")).toBeVisible();
  await first.goto("/logoff");
  await expect(first.getByTestId("account-menu")).toHaveCount(0);
  await expect(second.getByTestId("account-menu")).toHaveCount(0);
});

test("a person who signs up on the way somewhere lands there, signed in, from the confirmation e-mail (issue 29)", async ({
  page,
}) => {
  const problems = watchPage(page);
  const email = newEmail("rumo");
  await page.setViewportSize({ width: 390, height: 844 });
  // A private screen sends a visitor to sign in, then on to sign up, keeping where she was going.
  await page.goto("/Config");
  await expect(page).toHaveURL(/\/login\?next=%2FConfig/);
  await page.getByRole("link", { name: "Criar conta" }).last().click();
  await expect(page).toHaveURL(/\/signup\?next=%2FConfig/);
  await page.getByLabel("Nome completo").fill("Rita Moreira");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("textbox", { name: "Senha", exact: true }).fill("Varanda com rede em Olinda 8");
  await expect(page.getByRole("button", { name: "Mostrar senha" })).toBeVisible();
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByTestId("check-email")).toContainText(email);
  const link = await fromOutbox(
    email,
    /(https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[A-Za-z0-9._-]+(?:&amp;|&)next=[^\s"<>&]+)/,
  );
  await page.goto(link.replace("&amp;", "&"));
  await expect(page).toHaveURL(/\/Config$/);
  await expect(page.getByTestId("account-menu")).toBeVisible();
  expect(problems).toEqual([]);
});
