import { createHash, randomUUID } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { inspectLogo, MAX_LOGO_PIXELS } from "@/lib/operations/logo-image";
import { MAX_COMPANY_LOGO_BYTES } from "@/lib/operations/schemas";
import { api } from "@/test/api";
import { expectAuditRow, signInAs, type SignedIn } from "@/test/fixtures";
import { JPEG, PNG } from "@/lib/claims/__tests__/document-fixtures";

// PUT, GET and DELETE /api/v1/organizations/companies/{id}/logo: the logo printed on the company's
// certificates (organizations:manage), a PNG or JPEG a certificate can print, at most 512 KB.

let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR")]);
});

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A grey RGB PNG of `width` x `height`, or one whose pixel data is not zlib at all. */
function png(width: number, height: number, { corrupt = false } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + width * 3), 0x80);
  for (let row = 0; row < height; row++) rows[row * (1 + width * 3)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", corrupt ? Buffer.from("these are not deflated pixels") : deflateSync(rows)),
    chunk("IEND", new Uint8Array()),
  ]);
}

async function newCompany() {
  const response = await api("POST", "/api/v1/organizations/companies", {
    body: { name: `Logo Mutual ${randomUUID().slice(0, 8)}` },
    token: admin.token,
  });
  expect(response.status).toBe(201);
  return response.body as { id: string; name: string; has_logo: boolean };
}

function upload(companyId: string, bytes: Uint8Array | null, token = admin.token) {
  const form = new FormData();
  if (bytes) form.append("file", new Blob([new Uint8Array(bytes)]), "logo.bin");
  return api("PUT", `/api/v1/organizations/companies/${companyId}/logo`, { token, rawBody: form });
}

const logoUrl = (companyId: string) => `/api/v1/organizations/companies/${companyId}/logo`;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("PUT /api/v1/organizations/companies/{id}/logo", () => {
  it("stores a PNG, answers the company with has_logo, and GET serves the bytes with their type", async () => {
    const company = await newCompany();
    expect(company.has_logo).toBe(false);
    const stored = await upload(company.id, PNG);
    expect(stored.status, stored.text).toBe(200);
    expect(stored.body).toMatchObject({ id: company.id, has_logo: true });

    const { GET } = await import("@/app/api/v1/organizations/companies/[id]/logo/route");
    const served = await GET(
      new Request(`http://localhost:3000${logoUrl(company.id)}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      }),
      { params: Promise.resolve({ id: company.id }) },
    );
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const read = await api("GET", `/api/v1/organizations/companies/${company.id}`, { token: admin.token });
    expect(read.body.has_logo).toBe(true);
  });

  it("replaces the logo with a JPEG and audits COMPANY_UPDATED with both digests", async () => {
    const company = await newCompany();
    expect((await upload(company.id, PNG)).status).toBe(200);
    const replaced = await upload(company.id, JPEG);
    expect(replaced.status, replaced.text).toBe(200);
    const served = await api("GET", logoUrl(company.id), { token: admin.token });
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    const entry = await expectAuditRow("COMPANY_UPDATED", company.id);
    expect(entry).toMatchObject({ entity: "companies", userId: admin.user.id, companyId: company.id });
    expect(entry.details).toEqual({
      name: company.name,
      changes: { logo: { from: sha256(PNG), to: sha256(JPEG) } },
      content_type: "image/jpeg",
      size: JPEG.length,
    });
  });

  it("answers 413 payload_too_large above 512 KB", async () => {
    const company = await newCompany();
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_COMPANY_LOGO_BYTES + 1 - PNG.length)]);
    const response = await upload(company.id, big);
    expect(response.status, response.text).toBe(413);
    expect(response.body).toMatchObject({ code: "payload_too_large", detail: "the file is larger than 512 KB" });
  });

  it("answers 422 unsupported_file_type for a file that is not a PNG or JPEG, whatever its name", async () => {
    const company = await newCompany();
    for (const bytes of [Buffer.from("%PDF-1.7\n%%EOF"), Buffer.from("GIF89a......"), Buffer.from("<svg/>")]) {
      const response = await upload(company.id, bytes);
      expect(response.status, response.text).toBe(422);
      expect(response.body.errors).toEqual([
        { path: "file", message: expect.any(String), code: "unsupported_file_type" },
      ]);
    }
    const read = await api("GET", `/api/v1/organizations/companies/${company.id}`, { token: admin.token });
    expect(read.body.has_logo).toBe(false);
  });

  it("answers 422 unreadable_image for a PNG whose pixel data is corrupt, and image_too_large above 2000 pixels", async () => {
    const company = await newCompany();
    const corrupt = await upload(company.id, png(4, 4, { corrupt: true }));
    expect(corrupt.status, corrupt.text).toBe(422);
    expect(corrupt.body.errors[0].code).toBe("unreadable_image");
    const wide = await upload(company.id, png(MAX_LOGO_PIXELS + 1, 1));
    expect(wide.status, wide.text).toBe(422);
    expect(wide.body.errors[0].code).toBe("image_too_large");
    expect((await upload(company.id, png(MAX_LOGO_PIXELS, 1))).status).toBe(200);
  });

  it("answers 422 without a file or without a multipart body", async () => {
    const company = await newCompany();
    const noFile = await upload(company.id, null);
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors).toEqual([{ path: "file", message: expect.any(String), code: "required" }]);
    const json = await api("PUT", logoUrl(company.id), { token: admin.token, body: { file: "x" } });
    expect(json.status).toBe(422);
  });

  it("refuses the wrong role (403) and answers 404 for an unknown company", async () => {
    const company = await newCompany();
    expect((await upload(company.id, PNG, seller.token)).status).toBe(403);
    expect((await api("GET", logoUrl(company.id), { token: seller.token })).status).toBe(403);
    expect((await api("DELETE", logoUrl(company.id), { token: seller.token })).status).toBe(403);
    const unknown = await upload(randomUUID(), PNG);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("company not found");
  });
});

describe("GET and DELETE /api/v1/organizations/companies/{id}/logo", () => {
  it("answers 404 `logo not found` while there is none; DELETE removes it (204) and audits it once", async () => {
    const company = await newCompany();
    const none = await api("GET", logoUrl(company.id), { token: admin.token });
    expect(none.status).toBe(404);
    expect(none.body.detail).toBe("logo not found");

    expect((await upload(company.id, PNG)).status).toBe(200);
    expect((await api("DELETE", logoUrl(company.id), { token: admin.token })).status).toBe(204);
    expect((await api("GET", logoUrl(company.id), { token: admin.token })).status).toBe(404);
    const entry = await expectAuditRow("COMPANY_UPDATED", company.id);
    expect(entry.details).toEqual({ name: company.name, changes: { logo: { from: sha256(PNG), to: null } } });

    // Again: nothing to remove, nothing audited.
    expect((await api("DELETE", logoUrl(company.id), { token: admin.token })).status).toBe(204);
    expect((await expectAuditRow("COMPANY_UPDATED", company.id)).id).toBe(entry.id);
    expect((await api("DELETE", logoUrl(randomUUID()), { token: admin.token })).status).toBe(404);
  });
});

describe("inspectLogo", () => {
  it("tells a PNG from a JPEG by content and refuses a JPEG without a frame header", () => {
    expect(inspectLogo(PNG)).toBe("image/png");
    expect(inspectLogo(JPEG)).toBe("image/jpeg");
    expect(() => inspectLogo(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toThrow(/not a readable JPEG/);
  });
});
