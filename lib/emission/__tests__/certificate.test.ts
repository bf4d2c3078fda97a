import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { extractText } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { clients, policyDocuments, users } from "@/db/schema";
import { inProcessRunner } from "@/inngest/send";
import { storeCertificate } from "@/lib/emission/certificate/store-certificate";
import { todayUtc } from "@/lib/emission/dates";
import { verificationUrl } from "@/lib/emission/verification";
import { formatDate, formatMoney } from "@/lib/i18n/format";
import { api } from "@/test/api";
import {
  createSellableVersion,
  createTestCompany,
  issueTestPolicy,
  payTestPolicy,
  signInAs,
  systemCtx,
  type SignedIn,
} from "@/test/fixtures";
import { JPEG, PNG } from "@/lib/claims/__tests__/document-fixtures";
import { person } from "./helpers";

// GET /api/v1/emission/policies/{id}/pdf (contract section 6, issue 4 point 4): the certificate of an
// ACTIVE or IN_ARREARS policy, rendered by the background function when the policy becomes active and
// served from the stored row ever after.

let admin: SignedIn;
let seller: SignedIn;
let versionId: string;

const PEOPLE = [
  person({ first_name: "Ana", last_name: "Pérez" }),
  person({ first_name: "Luis", last_name: "Pérez", kinship_type: "SPOUSE", date_of_birth: "1982-07-15" }),
  person({ first_name: "Sofía", last_name: "Pérez", kinship_type: "CHILD", date_of_birth: "2012-11-30" }),
];

beforeAll(async () => {
  [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR")]);
  ({
    version: { id: versionId },
  } = await createSellableVersion({
    coverages: [
      { name: "Repatriation", description: "Return of remains to the country of origin", limit_amount: "5000.00" },
      { name: "Funeral service", description: "Wake, coffin and burial or cremation", limit_amount: null },
    ],
  }));
});

function download(policyId: string, token: string) {
  return api("GET", `/api/v1/emission/policies/${policyId}/pdf`, { token });
}

async function transition(policyId: string, to: string) {
  const response = await api("POST", `/api/v1/emission/policies/${policyId}/transition`, {
    token: admin.token,
    body: { to_status: to, reason: "test" },
  });
  expect(response.status, response.text).toBe(200);
}

/**
 * A policy of an English-speaking client (the certificate is in the client's language), moved to ACTIVE
 * by an administrator, after the background work of the move has finished.
 */
async function activePolicy() {
  const issued = await issueTestPolicy(seller, {
    versionId,
    beneficiaries: PEOPLE,
    clientOverrides: { preferred_language: "en" },
  });
  await payTestPolicy(admin, issued.policy.id);
  await inProcessRunner().drain();
  return issued;
}

async function storedRows(policyId: string) {
  return (await getDb()).select().from(policyDocuments).where(eq(policyDocuments.policyId, policyId));
}

// The test client (api) decodes bodies as text; a PDF is compared as the bytes the route handler returned.
async function fetchRaw(policyId: string, token: string) {
  const { GET } = await import("@/app/api/v1/emission/policies/[id]/pdf/route");
  return GET(
    new Request(`http://localhost:3000/api/v1/emission/policies/${policyId}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    }),
    {
      params: Promise.resolve({ id: policyId }),
    },
  );
}

async function bytesOf(policyId: string, token: string) {
  const response = await fetchRaw(policyId, token);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe("GET /api/v1/emission/policies/{id}/pdf", () => {
  it("answers 409 naming the status while the policy is PENDING_PAYMENT, and after it is CANCELLED", async () => {
    const { policy } = await issueTestPolicy(seller, { versionId });
    const pending = await download(policy.id, seller.token);
    expect(pending.status).toBe(409);
    expect(pending.body.detail).toContain("PENDING_PAYMENT");

    await transition(policy.id, "CANCELLED");
    const cancelled = await download(policy.id, admin.token);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.detail).toContain("CANCELLED");
    expect(await storedRows(policy.id)).toHaveLength(0);
  });

  it("serves the certificate the background function stored on activation, with its headers and every printed fact", async () => {
    const { policy, client } = await activePolicy();
    const [stored] = await storedRows(policy.id);
    expect(stored).toMatchObject({ kind: "CERTIFICATE", language: "en", contentType: "application/pdf" });

    const response = await fetchRaw(policy.id, seller.token);
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-type")).toBe("application/pdf");
    // Named by the policy number, in the certificate's language.
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="certificate-${policy.policy_number}.pdf"`,
    );
    expect(response.headers.get("content-length")).toBe(String(body.length));
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(body.equals(Buffer.from(stored.content))).toBe(true);

    const { text } = await extractText(new Uint8Array(body), { mergePages: true });
    const read = await api("GET", `/api/v1/emission/policies/${policy.id}`, { token: seller.token });
    expect(text).toContain(policy.policy_number);
    expect(text).toContain("Ana Pérez");
    // Dates and amounts as English writes them (month first; grouped digits, with the currency).
    for (const name of ["Luis Pérez", "Sofía Pérez", "Spouse", "Child", "07/15/1982", "11/30/2012"])
      expect(text).toContain(name);
    for (const coverage of ["Repatriation", "Funeral service", "5,000.00 USD", "No stated limit"])
      expect(text).toContain(coverage);
    expect(text).toContain(formatDate(read.body.start_date, "en"));
    expect(text).toContain(formatDate(read.body.end_date, "en"));
    expect(text).toContain("MONTHLY PREMIUM"); // labels print in capitals
    expect(text).toContain(`${formatMoney(policy.final_price, "USD", "en")} per month`);
    expect(text).toContain("730 days");
    expect(text).toContain("180 days");
    expect(text).toContain(verificationUrl(policy.id));
    // The footer of every page (react-pdf drops it when a line height is inherited from the page).
    expect(text).toContain(`${policy.policy_number} Page 1 of 1`);
    expect(text).not.toContain(client.email);
  });

  it("answers the same bytes on a second download and leaves the stored row as it was", async () => {
    const { policy } = await activePolicy();
    const [before] = await storedRows(policy.id);
    const first = await bytesOf(policy.id, seller.token);
    const second = await bytesOf(policy.id, admin.token);
    expect(second.equals(first)).toBe(true);
    const after = await storedRows(policy.id);
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(before.id);
    expect(after[0].createdAt).toEqual(before.createdAt);
    expect(Buffer.from(after[0].content).equals(Buffer.from(before.content))).toBe(true);
  });

  it("renders and stores the certificate on the first download when none is stored, then serves that one", async () => {
    const { policy } = await activePolicy();
    await (await getDb()).delete(policyDocuments).where(eq(policyDocuments.policyId, policy.id));

    const first = await bytesOf(policy.id, seller.token);
    const [stored] = await storedRows(policy.id);
    expect(Buffer.from(stored.content).equals(first)).toBe(true);
    expect((await bytesOf(policy.id, seller.token)).equals(first)).toBe(true);
    expect(await storedRows(policy.id)).toHaveLength(1);
  });

  it("keeps the one certificate through IN_ARREARS and a re-activation, and serves it in IN_ARREARS", async () => {
    const { policy } = await activePolicy();
    const [before] = await storedRows(policy.id);
    await transition(policy.id, "IN_ARREARS");
    const inArrears = await download(policy.id, seller.token);
    expect(inArrears.status).toBe(200);

    await payTestPolicy(admin, policy.id);
    await inProcessRunner().drain();
    const after = await storedRows(policy.id);
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(before.id);
    expect(Buffer.from(after[0].content).equals(Buffer.from(before.content))).toBe(true);
  });

  it("lets its holder download it, and answers 404 to a seller of another company and to another client", async () => {
    const { policy, client } = await activePolicy();
    const company = await createTestCompany();
    const [outsider, holder, otherClient] = await Promise.all([
      signInAs("VENDEDOR", { companyId: company.id }),
      signInAs("CLIENTE", { email: client.email }),
      signInAs("CLIENTE"),
    ]);
    expect((await download(policy.id, outsider.token)).status).toBe(404);
    expect((await download(policy.id, otherClient.token)).status).toBe(404);
    const own = await fetchRaw(policy.id, holder.token);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
  });

  it("answers 401 without credentials and 404 for an unknown policy", async () => {
    const { policy } = await issueTestPolicy(seller, { versionId });
    expect((await api("GET", `/api/v1/emission/policies/${policy.id}/pdf`)).status).toBe(401);
    const unknown = await download("00000000-0000-4000-8000-000000000000", admin.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("policy not found");
  });
});

describe("the certificate in the client's preferred_language", () => {
  async function textOf(content: Uint8Array) {
    return (await extractText(new Uint8Array(content), { mergePages: true })).text;
  }

  async function setLanguage(clientId: string, language: "es" | "en") {
    await (await getDb()).update(clients).set({ preferredLanguage: language }).where(eq(clients.id, clientId));
  }

  it("prints a Spanish client's certificate in Spanish: labels, statuses, kinships, dd/mm/yyyy dates, grouped amounts", async () => {
    const issued = await issueTestPolicy(seller, {
      versionId,
      beneficiaries: PEOPLE,
      clientOverrides: { preferred_language: "es" },
    });
    await payTestPolicy(admin, issued.policy.id);
    await inProcessRunner().drain();
    const [stored] = await storedRows(issued.policy.id);
    expect(stored.language).toBe("es");

    const response = await fetchRaw(issued.policy.id, seller.token);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="certificado-${issued.policy.policy_number}.pdf"`,
    );
    const text = await textOf(new Uint8Array(await response.arrayBuffer()));
    const read = await api("GET", `/api/v1/emission/policies/${issued.policy.id}`, { token: seller.token });
    for (const words of [
      "Certificado de cobertura",
      "NÚMERO DE PÓLIZA", // labels print in capitals
      "Vigente",
      "Titular",
      "Beneficiarios",
      "Parentesco",
      "Cónyuge",
      "Hijo o hija",
      "FECHA DE EMISIÓN",
      "Sofía Pérez",
      "Coberturas",
      "Sin límite establecido",
      "5,000.00 USD",
      "730 días",
      "Periodos de espera",
      "Verifica esta cobertura",
      "Página 1 de 1",
    ])
      expect(text, words).toContain(words);
    // Day first: 15/07/1982, and the policy's own dates likewise.
    expect(text).toContain("15/07/1982");
    expect(text).toContain("30/11/2012");
    const [year, month, day] = read.body.start_date.split("-");
    expect(text).toContain(`${day}/${month}/${year}`);
    expect(text).toContain("PRIMA MENSUAL");
    expect(text).toContain(`${formatMoney(issued.policy.final_price, "USD", "es")} al mes`);
    for (const english of ["Certificate of cover", "Beneficiaries", "Spouse", "ACTIVE", "Page 1 of 1", "days"])
      expect(text, english).not.toContain(english);
  });

  it("gives a new document when the client changes language, and keeps each language's document until then", async () => {
    const { policy, client } = await activePolicy();
    const [english] = await storedRows(policy.id);
    expect(english.language).toBe("en");

    await setLanguage(client.id, "es");
    const spanish = await bytesOf(policy.id, seller.token);
    expect(spanish.equals(Buffer.from(english.content))).toBe(false);
    const spanishText = await textOf(spanish);
    expect(spanishText).toContain("Certificado de cobertura");
    expect(spanishText).toContain("Vigente");
    const rows = await storedRows(policy.id);
    expect(rows.map((row) => row.language).sort()).toEqual(["en", "es"]);
    expect((await bytesOf(policy.id, admin.token)).equals(spanish)).toBe(true);

    // Back to English: the English document kept, the same bytes as before.
    await setLanguage(client.id, "en");
    const back = await bytesOf(policy.id, seller.token);
    expect(back.equals(Buffer.from(english.content))).toBe(true);
    expect(await textOf(back)).toContain("Certificate of cover");
    expect(await storedRows(policy.id)).toHaveLength(2);
  });
});

describe("the certificate of a policy whose state changes", () => {
  it("replaces the kept certificate once a person is marked deceased, and keeps the new one", async () => {
    const { policy } = await activePolicy();
    const [before] = await storedRows(policy.id);
    const spouse = policy.beneficiaries[1];
    const marked = await api("POST", `/api/v1/emission/beneficiaries/${spouse.id}/mark-deceased`, {
      token: admin.token,
    });
    expect(marked.status, marked.text).toBe(200);

    const after = await bytesOf(policy.id, seller.token);
    expect(after.equals(Buffer.from(before.content))).toBe(false);
    const { text } = await extractText(new Uint8Array(after), { mergePages: true });
    // Marked with the date of death its claim records (the day of marking), and no longer charged.
    expect(text).toContain(`Deceased ${formatDate(todayUtc(), "en")}`);
    const living = policy.beneficiaries.filter((life: { id: string }) => life.id !== spouse.id);
    const premium = living.reduce((sum: number, life: { price: string }) => sum + Number(life.price), 0);
    expect(text).toContain(`${formatMoney(premium.toFixed(2), "USD", "en")} per month`);
    expect(text).not.toContain(`${formatMoney(policy.final_price, "USD", "en")} per month`);
    expect(text).toContain("Only the lives still covered count in the monthly premium.");
    const rows = await storedRows(policy.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].state).not.toBe(before.state);
    expect(Buffer.from(rows[0].content).equals(after)).toBe(true);
    expect((await bytesOf(policy.id, admin.token)).equals(after)).toBe(true);
  });
});

describe("the insurer and the seller on the certificate", () => {
  async function companyWithProfile() {
    const company = await createTestCompany(`Previsión Andina ${randomUUID().slice(0, 6)}`);
    const profile = await api("PATCH", `/api/v1/organizations/companies/${company.id}`, {
      token: admin.token,
      body: {
        address: "Av. Reforma 250, Ciudad de México",
        registration_number: "CNSF-0457",
        contact_phone: "+525512345678",
        contact_email: "atencion@prevision.example",
      },
    });
    expect(profile.status, profile.text).toBe(200);
    await uploadLogo(company.id, PNG, "logo.png");
    return company;
  }

  async function uploadLogo(companyId: string, image: Buffer, name: string) {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(image)]), name);
    const logo = await api("PUT", `/api/v1/organizations/companies/${companyId}/logo`, {
      token: admin.token,
      rawBody: form,
    });
    expect(logo.status, logo.text).toBe(200);
  }

  /** An ACTIVE policy of the company, sold by one of its sellers, with its certificate as first downloaded. */
  async function certifiedPolicyOf(companyId: string) {
    const companySeller = await signInAs("VENDEDOR", { companyId });
    const issued = await issueTestPolicy(companySeller, { versionId, clientOverrides: { preferred_language: "en" } });
    await payTestPolicy(admin, issued.policy.id);
    await inProcessRunner().drain();
    return { ...issued, companySeller, before: await bytesOf(issued.policy.id, admin.token) };
  }

  it("prints the company's name, logo, registration number, address and contact, the seller, and the holder first", async () => {
    const company = await companyWithProfile();
    const companySeller = await signInAs("VENDEDOR", { companyId: company.id, fullName: "Marta Quispe" });
    const { policy } = await issueTestPolicy(companySeller, {
      versionId,
      beneficiaries: [PEOPLE[2], PEOPLE[0], PEOPLE[1]],
      clientOverrides: { preferred_language: "en" },
    });
    await payTestPolicy(admin, policy.id);
    await inProcessRunner().drain();

    const body = await bytesOf(policy.id, admin.token);
    // The logo is embedded as an image.
    expect(body.toString("latin1")).toContain("/Subtype /Image");
    const { text } = await extractText(new Uint8Array(body), { mergePages: true });
    for (const printed of [
      company.name,
      "Registration no. CNSF-0457",
      "Av. Reforma 250, Ciudad de México",
      "+52 55 1234 5678",
      "atencion@prevision.example",
      "SOLD BY",
      "Marta Quispe",
      companySeller.user.email,
    ])
      expect(text, printed).toContain(printed);
    // The holder, then the spouse, then the child, whatever the order they were entered in.
    const [holder, spouse, child] = ["Ana Pérez", "Luis Pérez", "Sofía Pérez"].map((name) => text.indexOf(name));
    expect(holder).toBeLessThan(spouse);
    expect(spouse).toBeLessThan(child);
  });

  it("renders the certificate again once the company's profile changes, and keeps the new one", async () => {
    const company = await companyWithProfile();
    const { policy, companySeller, before } = await certifiedPolicyOf(company.id);

    const moved = await api("PATCH", `/api/v1/organizations/companies/${company.id}`, {
      token: admin.token,
      body: { address: "Calle Nueva 10, Guadalajara" },
    });
    expect(moved.status).toBe(200);
    const after = await bytesOf(policy.id, admin.token);
    expect(after.equals(before)).toBe(false);
    const { text } = await extractText(new Uint8Array(after), { mergePages: true });
    expect(text).toContain("Calle Nueva 10, Guadalajara");
    expect(text).not.toContain("Av. Reforma 250");
    const rows = await storedRows(policy.id);
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0].content).equals(after)).toBe(true);
    expect((await bytesOf(policy.id, companySeller.token)).equals(after)).toBe(true);
  });

  it("renders the certificate again once the company's logo is replaced, and again once it is removed", async () => {
    const company = await companyWithProfile();
    const { policy, before } = await certifiedPolicyOf(company.id);

    await uploadLogo(company.id, JPEG, "logo.jpg");
    const replaced = await bytesOf(policy.id, admin.token);
    expect(replaced.equals(before)).toBe(false);
    expect(replaced.toString("latin1")).toContain("/Subtype /Image");
    expect((await bytesOf(policy.id, admin.token)).equals(replaced)).toBe(true);

    const removed = await api("DELETE", `/api/v1/organizations/companies/${company.id}/logo`, { token: admin.token });
    expect(removed.status, removed.text).toBe(204);
    const withoutLogo = await bytesOf(policy.id, admin.token);
    expect(withoutLogo.equals(replaced)).toBe(false);
    expect(withoutLogo.toString("latin1")).not.toContain("/Subtype /Image");
    expect(await storedRows(policy.id)).toHaveLength(1);
  });

  it("renders the certificate again once the holder's or the seller's name changes", async () => {
    const company = await createTestCompany();
    const { policy, client, companySeller, before } = await certifiedPolicyOf(company.id);

    const renamed = await api("PATCH", `/api/v1/emission/clients/${client.id}`, {
      token: admin.token,
      body: { first_name: "Anabel" },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const holderRenamed = await bytesOf(policy.id, admin.token);
    expect(holderRenamed.equals(before)).toBe(false);
    expect((await extractText(new Uint8Array(holderRenamed), { mergePages: true })).text).toContain("Anabel");

    await (await getDb()).update(users).set({ fullName: "Rosa Mamani" }).where(eq(users.id, companySeller.user.id));
    const sellerRenamed = await bytesOf(policy.id, admin.token);
    expect(sellerRenamed.equals(holderRenamed)).toBe(false);
    expect((await extractText(new Uint8Array(sellerRenamed), { mergePages: true })).text).toContain("Rosa Mamani");
  });

  it("keeps the certificate when what changes is not printed on it (the client's phone, the policy's payments)", async () => {
    const company = await createTestCompany();
    const { policy, client, before } = await certifiedPolicyOf(company.id);
    const [kept] = await storedRows(policy.id);

    const phoned = await api("PATCH", `/api/v1/emission/clients/${client.id}`, {
      token: admin.token,
      body: { phone_e164: "+525587654321" },
    });
    expect(phoned.status, phoned.text).toBe(200);
    await payTestPolicy(admin, policy.id);
    await inProcessRunner().drain();
    expect((await bytesOf(policy.id, admin.token)).equals(before)).toBe(true);
    const [after] = await storedRows(policy.id);
    expect(after.createdAt).toEqual(kept.createdAt);
  });
});

describe("storeCertificate (the background function's service)", () => {
  it("renders nothing for a policy that does not cover, and nothing twice for one that does", async () => {
    const ctx = await systemCtx();
    const { policy } = await issueTestPolicy(seller, { versionId });
    expect(await storeCertificate({ ctx, policyId: policy.id })).toBe("not covering");
    expect(await storedRows(policy.id)).toHaveLength(0);

    const active = await activePolicy();
    expect(await storeCertificate({ ctx, policyId: active.policy.id })).toBe("already stored");
    expect(await storedRows(active.policy.id)).toHaveLength(1);
  });
});
