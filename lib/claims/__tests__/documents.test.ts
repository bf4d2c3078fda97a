import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { claimDocuments } from "@/db/schema";
import { sniffDocumentType } from "@/lib/claims/documents/inspect-document";
import { documentFilename } from "@/lib/claims/documents/upload-document";
import { buildPdf } from "@/lib/knowledge/__tests__/helpers";
import { api } from "@/test/api";
import { createSellableVersion, createTestCompany, expectAuditRow, signInAs, type SignedIn } from "@/test/fixtures";
import { activePolicy, moveAlong } from "./claim-fixtures";
import {
  claimWithPlaces,
  clientWithClaim,
  JPEG,
  PNG,
  requirementsOf,
  reviewRequirement,
  uploadDocument,
} from "./document-fixtures";

// claims-cover.md section 3: POST /claims/{id}/documents (a PDF, JPEG or PNG by content, at most 10 MiB)
// and GET /claims/{id}/documents/{document_id}.

const MiB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let admin: SignedIn;
let seller: SignedIn;
let versionId: string;

async function newClaim() {
  return claimWithPlaces(seller, await activePolicy(seller, admin, { versionId }));
}

async function documentRows(claimId: string) {
  return (await getDb())
    .select({ id: claimDocuments.id })
    .from(claimDocuments)
    .where(eq(claimDocuments.claimId, claimId));
}

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR");
  versionId = (await createSellableVersion()).version.id;
}, 120_000);

describe("POST /claims/{id}/documents", () => {
  it.each([
    [
      "a real PDF",
      async () => buildPdf(["Certificate of death. Civil registry of Houston, Texas."]),
      "application/pdf",
    ],
    ["a real JPEG", async () => JPEG, "image/jpeg"],
    ["a real PNG", async () => PNG, "image/png"],
  ])("stores %s (201) with its SHA-256, and the item becomes RECEIVED", async (_, file, contentType) => {
    const bytes = await file();
    const claim = await newClaim();
    const res = await uploadDocument(seller, claim.id, { bytes, name: "acta.bin" }, "ID_OF_DECEASED");
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      requirement_code: "ID_OF_DECEASED",
      filename: "acta.bin",
      content_type: contentType,
      size: bytes.length,
      sha256: sha256(bytes),
      uploaded_at: expect.any(String),
    });
    const audit = await expectAuditRow("CLAIM_DOCUMENT_UPLOADED", claim.id);
    expect(audit.details).toMatchObject({ document_id: res.body.id, requirement_code: "ID_OF_DECEASED" });

    const read = await api("GET", `/api/v1/claims/${claim.id}`, { token: seller.token });
    expect(read.body.documents).toEqual([res.body]);
    expect(read.body.requirements.find((item: { code: string }) => item.code === "ID_OF_DECEASED")).toMatchObject({
      status: "RECEIVED",
      document_id: res.body.id,
    });
  });

  it("decides the type by content: a text file named .pdf, an HTML page, a GIF or an empty file is 422 unsupported_file_type", async () => {
    const claim = await newClaim();
    const files = [
      { bytes: new TextEncoder().encode("This is the death certificate, honest."), name: "certificate.pdf" },
      { bytes: new TextEncoder().encode("<html><script>alert(1)</script></html>"), name: "certificate.png" },
      { bytes: new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000"), name: "certificate.jpg" },
      { bytes: new Uint8Array(0), name: "empty.pdf" },
      // The PNG signature without a whole header chunk is not a picture.
      { bytes: PNG.subarray(0, 29), name: "cut.png" },
    ];
    for (const file of files) {
      const res = await uploadDocument(seller, claim.id, file);
      expect(res.status, `${file.name}: ${res.text}`).toBe(422);
      expect(res.body.errors).toEqual([{ path: "file", message: expect.any(String), code: "unsupported_file_type" }]);
    }
    expect(await documentRows(claim.id)).toEqual([]);
    expect((await requirementsOf(seller, claim.id))[0].status).toBe("MISSING");
  });

  it("takes exactly 10 MiB (10,485,760 bytes) and refuses one byte more (413)", async () => {
    const claim = await newClaim();
    const exactly = new Uint8Array(10 * MiB).fill(0x20);
    exactly.set(new TextEncoder().encode("%PDF-1.7\n"));
    const res = await uploadDocument(seller, claim.id, { bytes: exactly, name: "big.pdf" });
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    expect(res.body).toMatchObject({ size: 10_485_760, content_type: "application/pdf", sha256: sha256(exactly) });

    const over = new Uint8Array(10 * MiB + 1).fill(0x20);
    over.set(new TextEncoder().encode("%PDF-1.7\n"));
    const refused = await uploadDocument(seller, claim.id, { bytes: over, name: "bigger.pdf" });
    expect(refused.status, refused.text.slice(0, 300)).toBe(413);
    expect((await documentRows(claim.id)).map((row) => row.id)).toEqual([res.body.id]);
  }, 120_000);

  it("refuses a code the claim's checklist does not have (422 unknown_requirement), no file and no code (422)", async () => {
    const claim = await newClaim();
    for (const code of ["TRANSIT_PERMIT", "NOT_A_CODE", "death_certificate"]) {
      const res = await uploadDocument(seller, claim.id, { bytes: PNG, name: "x.png" }, code);
      expect(res.status, `${code}: ${res.text}`).toBe(422);
      expect(res.body.errors).toEqual([
        { path: "requirement_code", message: expect.any(String), code: "unknown_requirement" },
      ]);
    }
    expect((await uploadDocument(seller, claim.id, null)).status).toBe(422);
    const noCode = await api("POST", `/api/v1/claims/${claim.id}/documents`, {
      token: seller.token,
      rawBody: (() => {
        const form = new FormData();
        form.append("file", new Blob([PNG]), "x.png");
        return form;
      })(),
    });
    expect(noCode.status, noCode.text).toBe(422);
    expect(await documentRows(claim.id)).toEqual([]);
  });

  it("sets an ACCEPTED or REJECTED item back to RECEIVED with the new document, keeping the earlier upload", async () => {
    const claim = await newClaim();
    const first = await uploadDocument(seller, claim.id, { bytes: PNG, name: "first.png" });
    expect(first.status).toBe(201);
    expect((await reviewRequirement(admin, claim.id, "DEATH_CERTIFICATE", { status: "ACCEPTED" })).status).toBe(200);
    const second = await uploadDocument(seller, claim.id, { bytes: JPEG, name: "second.jpg" });
    expect(second.status, second.text).toBe(201);
    expect((await requirementsOf(seller, claim.id))[0]).toMatchObject({
      code: "DEATH_CERTIFICATE",
      status: "RECEIVED",
      document_id: second.body.id,
    });
    expect((await expectAuditRow("CLAIM_DOCUMENT_UPLOADED", claim.id)).details).toMatchObject({
      document_id: second.body.id,
      previous_status: "ACCEPTED",
    });

    const rejected = await reviewRequirement(admin, claim.id, "DEATH_CERTIFICATE", {
      status: "REJECTED",
      note: "Illegible",
    });
    expect(rejected.body).toMatchObject({ status: "REJECTED", note: "Illegible" });
    const third = await uploadDocument(seller, claim.id, { bytes: PNG, name: "third.png" });
    expect(third.status).toBe(201);
    expect((await requirementsOf(seller, claim.id))[0]).toMatchObject({
      status: "RECEIVED",
      document_id: third.body.id,
      note: null,
    });
    const read = await api("GET", `/api/v1/claims/${claim.id}`, { token: seller.token });
    expect(read.body.documents.map((document: { id: string }) => document.id)).toEqual([
      first.body.id,
      second.body.id,
      third.body.id,
    ]);
  });

  it("refuses an upload to a REJECTED claim (409), an unknown claim (404), and a seller of another company (404)", async () => {
    const claim = await newClaim();
    await moveAlong(admin, claim.id, ["REJECTED"]);
    const refused = await uploadDocument(seller, claim.id, { bytes: PNG, name: "late.png" });
    expect(refused.status, refused.text).toBe(409);
    expect((await uploadDocument(seller, randomUUID(), { bytes: PNG, name: "x.png" })).status).toBe(404);

    const open = await newClaim();
    const stranger = await signInAs("VENDEDOR", { companyId: (await createTestCompany()).id });
    expect((await uploadDocument(stranger, open.id, { bytes: PNG, name: "x.png" })).status).toBe(404);
    expect(await documentRows(open.id)).toEqual([]);
  });

  it("keeps the client's file name without folders, control or direction characters, at most 200 characters", async () => {
    const claim = await newClaim();
    const named = await uploadDocument(seller, claim.id, {
      bytes: PNG,
      name: "..\\..\\Acta de defunción\u0000\u202e.png",
    });
    expect(named.status, named.text).toBe(201);
    expect(named.body.filename).toBe("Acta de defunción.png");
    const long = await uploadDocument(seller, claim.id, { bytes: PNG, name: `${"ñ".repeat(300)}.png` }, "CLAIM_FORM");
    expect(long.body.filename).toBe(`${"ñ".repeat(196)}.png`);

    expect(documentFilename("../../etc/passwd", "application/pdf")).toBe("passwd");
    expect(documentFilename("../..", "application/pdf")).toBe("document.pdf");
    expect(documentFilename("\u0000\u0001", "image/jpeg")).toBe("document.jpg");
    expect(documentFilename(".htaccess", "image/png")).toBe("htaccess");
    expect(Array.from(documentFilename("😀".repeat(500), "image/png"))).toHaveLength(200);
  });

  it("lets a client upload to its own claim (201) and answers 404 for another client's", async () => {
    const mine = await clientWithClaim(seller, admin);
    const theirs = await clientWithClaim(seller, admin);
    const own = await uploadDocument(mine.user, mine.claim.id, { bytes: JPEG, name: "id.jpg" }, "ID_OF_DECEASED");
    expect(own.status, own.text).toBe(201);
    expect(own.body.requirement_code).toBe("ID_OF_DECEASED");
    const audit = await expectAuditRow("CLAIM_DOCUMENT_UPLOADED", mine.claim.id);
    expect(audit.actor).toBe(mine.user.user.id);

    const other = await uploadDocument(mine.user, theirs.claim.id, { bytes: JPEG, name: "id.jpg" });
    expect(other.status, other.text).toBe(404);
    expect(await documentRows(theirs.claim.id)).toEqual([]);
  });
});

describe("GET /claims/{id}/documents/{document_id}", () => {
  it("returns the very bytes uploaded, as an attachment with its type, never sniffed or cached", async () => {
    const claim = await newClaim();
    const pdf = await buildPdf(["Embalming certificate"]);
    const up = await uploadDocument(seller, claim.id, { bytes: pdf, name: "Certificado de embalsamamiento (1).pdf" });
    expect(up.status, up.text).toBe(201);

    const { GET } = await import("@/app/api/v1/claims/[id]/documents/[document_id]/route");
    const response = await GET(
      new Request(`http://localhost:3000/api/v1/claims/${claim.id}/documents/${up.body.id}`, {
        headers: { authorization: `Bearer ${seller.token}` },
      }),
      { params: Promise.resolve({ id: claim.id, document_id: up.body.id }) },
    );
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(sha256(bytes)).toBe(sha256(pdf));
    expect(bytes.length).toBe(pdf.length);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-length")).toBe(String(pdf.length));
    expect(response.headers.get("content-disposition")).toBe(
      "attachment; filename*=UTF-8''Certificado%20de%20embalsamamiento%20%281%29.pdf",
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("private, no-store");

    const png = await uploadDocument(seller, claim.id, { bytes: PNG, name: "acta.png" }, "CLAIM_FORM");
    const image = await api("GET", `/api/v1/claims/${claim.id}/documents/${png.body.id}`, { token: admin.token });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
  });

  it("answers 404 for a document of another claim, an unknown one, or another client's; serves the client its own", async () => {
    const mine = await clientWithClaim(seller, admin);
    const theirs = await clientWithClaim(seller, admin);
    const ownDocument = await uploadDocument(seller, mine.claim.id, { bytes: PNG, name: "a.png" });
    const theirDocument = await uploadDocument(seller, theirs.claim.id, { bytes: PNG, name: "b.png" });
    const get = (caller: SignedIn, claimId: string, documentId: string) =>
      api("GET", `/api/v1/claims/${claimId}/documents/${documentId}`, { token: caller.token });

    expect((await get(mine.user, mine.claim.id, ownDocument.body.id)).status).toBe(200);
    expect((await get(mine.user, theirs.claim.id, theirDocument.body.id)).status).toBe(404);
    // A document under a claim it does not belong to, even for staff who see both.
    expect((await get(seller, mine.claim.id, theirDocument.body.id)).status).toBe(404);
    expect((await get(seller, mine.claim.id, randomUUID())).status).toBe(404);
    expect((await get(seller, mine.claim.id, "not-a-uuid")).status).toBe(422);
    expect((await api("GET", `/api/v1/claims/${mine.claim.id}/documents/${ownDocument.body.id}`)).status).toBe(401);
  });
});

describe("the type sniffing (pure)", () => {
  it("knows PDF, JPEG and PNG by their first bytes and nothing else", () => {
    expect(sniffDocumentType(new TextEncoder().encode("%PDF-"))).toBe("application/pdf");
    expect(sniffDocumentType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffDocumentType(PNG)).toBe("image/png");
    expect(sniffDocumentType(new TextEncoder().encode("%PDF"))).toBeNull();
    expect(sniffDocumentType(Uint8Array.from([0xff, 0xd8]))).toBeNull();
    expect(sniffDocumentType(new TextEncoder().encode("PK\u0003\u0004"))).toBeNull();
    const forged = Uint8Array.from(PNG);
    forged[20] ^= 1; // the header's CRC no longer holds
    expect(sniffDocumentType(forged)).toBeNull();
  });
});
