import { expect, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { linkFromOutbox } from "../fixtures/accounts";
import { SELLER, signInThroughPage, unique } from "../fixtures/data";
import { bornYearsAgo, chooseDemoVersion, createClientViaApi, fillBeneficiary, tomorrow } from "../fixtures/emission";

// The emission pages end to end: a seller registers a client and issues a policy priced as it is typed,
// an administrator activates it by hand, and the client downloads its certificate from the portal.

test("a seller issues a policy priced live, an admin activates it, and the client downloads its certificate", async ({
  page,
  browser,
}) => {
  // Three people in three browsers, and a certificate rendered on its first download: more than the default minute.
  test.slow();
  const lastName = unique("Rivera");
  const email = `${lastName.toLowerCase()}@example.test`;
  const sellerContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const seller = await sellerContext.newPage();
  let policyUrl = "";
  let policyNumber = "";

  await test.step("the seller registers the client", async () => {
    await signInThroughPage(seller, SELLER);
    await seller.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clients" }).click();
    const form = seller.getByRole("form", { name: "New client" });
    await form.getByLabel("First name").fill("Lucía");
    await form.getByLabel("Last name").fill(lastName);
    await form.getByLabel("E-mail").fill(email);
    await form.getByLabel("Birth date").fill(bornYearsAgo(40));
    await form.getByLabel("Nationality").selectOption("MX");
    await form.getByLabel("Country of residence").selectOption("MX");
    await form.getByLabel("Acquisition channel (optional)").fill("Referral");
    await form.getByRole("button", { name: "Register client" }).click();
    await expect(form.getByRole("status")).toHaveText(`Registered Lucía ${lastName}.`);
    await seller.getByLabel("Search").fill(lastName);
    await expect(
      seller.getByRole("table", { name: "Clients" }).getByRole("row").filter({ hasText: email }),
    ).toHaveCount(1);

    // The same e-mail again is refused next to the e-mail field (409).
    await form.getByLabel("First name").fill("Other");
    await form.getByLabel("Last name").fill("Person");
    await form.getByLabel("E-mail").fill(email.toUpperCase());
    await form.getByLabel("Birth date").fill(bornYearsAgo(30));
    await form.getByLabel("Nationality").selectOption("MX");
    await form.getByLabel("Country of residence").selectOption("MX");
    await form.getByRole("button", { name: "Register client" }).click();
    await expect(form.locator(".field", { has: seller.getByLabel("E-mail") }).getByRole("alert")).toHaveText(
      "a client with this e-mail already exists",
    );
  });

  await test.step("then issues a policy for two people, the total updating as they are typed", async () => {
    await seller.goto("/policies/new");
    await seller.getByLabel("Find the client").fill(lastName.slice(0, 12));
    await seller.getByRole("button", { name: `Choose Lucía ${lastName} (${email})` }).click();
    await expect(seller.getByText(`Lucía ${lastName}`)).toBeVisible();
    await chooseDemoVersion(seller);
    await expect(seller.getByLabel("Start date")).toHaveValue(tomorrow());

    const first = await fillBeneficiary(seller, 1, {
      firstName: "Lucía",
      lastName,
      kinship: "Policyholder",
      birth: bornYearsAgo(40),
    });
    await expect(first.getByRole("status", { name: "Price of beneficiary 1" })).toHaveText("25.00 USD");
    await expect(seller.getByRole("status", { name: "Total" })).toHaveText("Total for 1 beneficiary: 25.00 USD");

    await seller.getByRole("button", { name: "Add a beneficiary" }).click();
    // 54 or 55 at the start: the 50-59 band adds 10%.
    const second = await fillBeneficiary(seller, 2, {
      firstName: "Jorge",
      lastName,
      kinship: "Spouse",
      birth: bornYearsAgo(55),
    });
    await expect(second.getByRole("status", { name: "Price of beneficiary 2" })).toHaveText("27.50 USD");
    await expect(seller.getByRole("status", { name: "Total" })).toHaveText("Total for 2 beneficiaries: 52.50 USD");

    // Living in the US, where the version has its own price (30.00), changes that row and the total.
    await second.getByLabel("Own country").selectOption("US");
    await expect(second.getByRole("status", { name: "Price of beneficiary 2" })).toHaveText("33.00 USD");
    await expect(seller.getByRole("status", { name: "Total" })).toHaveText("Total for 2 beneficiaries: 58.00 USD");

    await seller.getByRole("button", { name: "Issue policy" }).click();
    await expect(seller).toHaveURL(/\/policies\/[0-9a-f-]{36}$/);
    policyUrl = new URL(seller.url()).pathname;
    // The page shows "Policy" until the policy has loaded, then its number.
    await expect(seller.getByRole("heading", { level: 1 })).toHaveText(/^POL-\d{4}-\d{6}$/);
    policyNumber = (await seller.getByRole("heading", { level: 1 }).textContent()) ?? "";
    await expect(seller.getByText("Pending payment").first()).toBeVisible();
    const people = seller.getByRole("table", { name: "Beneficiaries" });
    await expect(people.getByRole("row").filter({ hasText: "Jorge" })).toContainText("33.00 USD");
    await expect(seller.getByRole("region", { name: "Summary" })).toContainText("58.00 USD");
    // A seller may not move policies by hand.
    await expect(seller.getByRole("form", { name: "Change status" })).toHaveCount(0);
  });
  await sellerContext.close();

  await test.step("an administrator records its first premium and the policy becomes active", async () => {
    await page.goto(policyUrl);
    // ACTIVE is reached only by a premium (lifecycle.md section 3): the payments panel, not the status form.
    const payments = page.getByRole("region", { name: "Payments" });
    await payments.getByRole("button", { name: "Record manual payment" }).click();
    const form = payments.getByRole("form", { name: "Record manual payment" });
    await expect(form.getByLabel("Amount (USD)")).toHaveValue("58.00");
    await form.getByLabel("Reference").fill("paid in cash at the desk");
    await form.getByRole("button", { name: "Record payment" }).click();
    await expect(payments.getByRole("status")).toHaveText("Payment of 58.00 USD recorded; the policy is active.");
    const history = page.getByRole("list", { name: "Status history" });
    await expect(history.getByRole("listitem")).toHaveCount(2);
    await expect(history.getByRole("listitem").nth(1)).toContainText("manual payment received");
    await expect(page.getByRole("link", { name: `Download the certificate of ${policyNumber}` })).toBeVisible();
  });

  await test.step("the client registers, confirms its e-mail, lands on the portal and downloads the certificate", async () => {
    const password = "client-password-2026";
    // The client's own browser, without the administrator's cookie (a POST carrying a session cookie
    // must prove its origin, which an API call does not).
    const clientContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const registered = await clientContext.request.post("/api/v1/auth/register", {
      data: { email, password, full_name: `Lucía ${lastName}` },
    });
    expect(registered.status()).toBe(201);
    const client = await clientContext.newPage();
    // trust.md section 1: the portal shows the client's records only once the e-mail is confirmed, from
    // the link the administrator passes on (no e-mail provider here).
    await client.goto(await linkFromOutbox(clientContext.request, email, "auth.verify_email"));
    await client.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect(client.getByRole("status")).toContainText("is confirmed");
    await signInThroughPage(client, { email, password });
    await expect(client).toHaveURL(/\/portal$/);
    const menu = client.getByRole("navigation", { name: "Main" });
    await expect(menu.getByRole("link", { name: "My cover" })).toBeVisible();
    for (const hidden of ["Dashboard", "Catalog", "Quote", "Geography", "Policies", "Clients"])
      await expect(menu.getByRole("link", { name: hidden, exact: true })).toHaveCount(0);

    const card = client.getByRole("listitem", { name: policyNumber });
    await expect(card).toContainText("Active");
    await expect(card).toContainText("Jorge");
    const [download] = await Promise.all([
      client.waitForEvent("download"),
      card.getByRole("link", { name: `Download the certificate of ${policyNumber}` }).click(),
    ]);
    const path = await download.path();
    const { readFile } = await import("node:fs/promises");
    const pdf = await getDocumentProxy(new Uint8Array(await readFile(path)));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain(policyNumber);
    await expect(card.getByRole("link", { name: `Add ${policyNumber} to Apple Wallet` })).toHaveAttribute(
      "href",
      /\/passbook$/,
    );
    await expect(client.getByRole("region", { name: "My claims" })).toContainText("No claim has been opened");
    await clientContext.close();
  });
});

test("an age above the limit is shown on that beneficiary's row, as typed and after submitting", async ({
  page,
  browser,
}) => {
  // Seeded by bearer token from a context without the administrator's cookie.
  const api = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const client = await createClientViaApi(api.request);
  await api.close();
  await page.goto(`/policies/new?client=${client.id}`);
  await expect(page.getByText(`${client.first_name} ${client.last_name}`)).toBeVisible();
  await chooseDemoVersion(page);

  const first = await fillBeneficiary(page, 1, {
    firstName: client.first_name,
    lastName: client.last_name,
    kinship: "Policyholder",
    birth: bornYearsAgo(40),
  });
  await page.getByRole("button", { name: "Add a beneficiary" }).click();
  const second = await fillBeneficiary(page, 2, {
    firstName: "Abuela",
    lastName: client.last_name,
    kinship: "Parent",
    birth: bornYearsAgo(80),
  });
  await page.getByRole("button", { name: "Add a beneficiary" }).click();
  const third = await fillBeneficiary(page, 3, {
    firstName: "Niño",
    lastName: client.last_name,
    kinship: "Child",
    birth: bornYearsAgo(10),
  });

  // calculate-price's 422 beside the second person only.
  await expect(second.getByRole("alert", { name: "Problem with beneficiary 2" })).toContainText(
    "exceeds the maximum entry age of 70",
  );
  await expect(first.getByRole("status", { name: "Price of beneficiary 1" })).toHaveText("25.00 USD");
  await expect(third.getByRole("status", { name: "Price of beneficiary 3" })).toHaveText("25.00 USD");
  await expect(page.getByRole("status", { name: "Total" })).toContainText("No total");

  // The 422 names beneficiaries.1.date_of_birth: its message lands under that row's date of birth.
  await page.getByRole("button", { name: "Issue policy" }).click();
  const birthField = second.locator(".field", { has: page.getByLabel("Date of birth") });
  await expect(birthField.getByRole("alert")).toContainText(`at ${tomorrow()} exceeds the maximum entry age of 70`);
  await expect(first.locator(".field-error")).toHaveCount(0);
  await expect(third.locator(".field-error")).toHaveCount(0);
  await expect(page).toHaveURL(/\/policies\/new/);

  // Fixing the row clears its error and issues the policy.
  await second.getByLabel("Date of birth").fill(bornYearsAgo(65));
  await expect(second.getByRole("status", { name: "Price of beneficiary 2" })).toHaveText("31.25 USD");
  await page.getByRole("button", { name: "Issue policy" }).click();
  await expect(page).toHaveURL(/\/policies\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("table", { name: "Beneficiaries" }).getByRole("row")).toHaveCount(4);
});
