import { randomUUID } from "node:crypto";
import { constants, deflateRawSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type SignedIn } from "@/test/fixtures";
import { ask, buildPdf, fragmentsOf, storedCounts, upload, uploadForm } from "./helpers";

// POST /api/v1/ai/knowledge/upload (contract section 10): a PDF whose text is extracted locally.

let admin: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
});

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0,
  0, 0,
]);

describe("POST /api/v1/ai/knowledge/upload", () => {
  it("stores a real PDF (200, source PDF) and its text answers questions", async () => {
    const pdf = await buildPdf([
      "Andes Funeral Plan. Repatriation of remains from Spain to Ecuador is covered up to 7500 USD.",
      "The cremation option includes an urn and the ceremony at the chapel of the funeral home.",
    ]);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const res = await upload(
      admin.token,
      uploadForm(
        { bytes: pdf, name: "andes-plan.pdf" },
        { metadata_json: JSON.stringify({ year: 2026 }), company_id: admin.user.company_id },
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      title: "andes-plan",
      company_id: admin.user.company_id,
      metadata_json: { year: 2026 },
      chunk_count: 1,
      source: "PDF",
      audience: "STAFF",
      created_at: expect.any(String),
    });
    const [fragment] = await fragmentsOf(res.body.id);
    expect(fragment.content).toContain("Repatriation of remains from Spain to Ecuador");
    expect(fragment.content).toContain("urn");

    const answer = await ask(admin.token, "Is repatriation of remains from Spain to Ecuador covered?", randomUUID());
    expect(answer.status).toBe(200);
    expect(answer.body.sources.map((source: { document_id: string }) => source.document_id)).toContain(res.body.id);
    expect(answer.body.answer).toContain("7500 USD");
  });

  it("takes the title field over the file name", async () => {
    const pdf = await buildPdf(["Burial plots are covered in the municipal cemetery."]);
    const res = await upload(
      admin.token,
      uploadForm({ bytes: pdf, name: "x.pdf" }, { title: "Burial annex", company_id: admin.user.company_id }),
    );
    expect(res.status).toBe(200);
    expect(res.body.title).toBe("Burial annex");
  });

  it.each([
    ["PNG bytes", { bytes: PNG, name: "scan.png", type: "image/png" }],
    ["PNG bytes named .pdf", { bytes: PNG, name: "scan.pdf" }],
    [
      "a text file named .pdf",
      { bytes: new TextEncoder().encode("Repatriation is covered up to 5000 USD."), name: "notes.pdf" },
    ],
    [
      "a truncated PDF",
      { bytes: new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<< /Type /Catalog"), name: "broken.pdf" },
    ],
  ])("refuses %s (400), storing nothing", async (_, file) => {
    const before = await storedCounts();
    const res = await upload(admin.token, uploadForm(file, { company_id: admin.user.company_id }));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.detail).toEqual(expect.any(String));
    expect(await storedCounts()).toEqual(before);
  });

  it("refuses a PDF whose streams unpack to more than 128 MB (a decompression bomb) before extracting it", async () => {
    // A real zlib stream of 512 MiB of blanks after one line of text, about 520 KB: one compressed MiB repeated.
    const blankMebibyte = deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), { finishFlush: constants.Z_SYNC_FLUSH });
    const text = deflateRawSync(Buffer.from("BT /F1 12 Tf 72 712 Td (Repatriation is covered) Tj ET\n"), {
      finishFlush: constants.Z_SYNC_FLUSH,
    });
    const packed = Buffer.concat([
      Buffer.from([0x78, 0x9c]),
      text,
      ...Array.from({ length: 512 }, () => blankMebibyte),
      Buffer.from([0x03, 0x00]),
    ]);
    const pdf = pdfWithContentStream(packed);
    expect(pdf.length).toBeLessThan(1024 * 1024);
    const before = await storedCounts();
    const rssBefore = process.memoryUsage.rss();
    const res = await upload(
      admin.token,
      uploadForm({ bytes: pdf, name: "bomb.pdf" }, { company_id: admin.user.company_id }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.detail).toBe("the PDF is refused: its streams unpack to more than 128 MB");
    expect(await storedCounts()).toEqual(before);
    expect(process.memoryUsage.rss() - rssBefore).toBeLessThan(256 * 1024 * 1024);
  });

  it("refuses a PDF without text, such as an empty page or a scan (400)", async () => {
    const before = await storedCounts();
    const res = await upload(
      admin.token,
      uploadForm({ bytes: await buildPdf([""]), name: "scan.pdf" }, { company_id: admin.user.company_id }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.detail).toMatch(/no readable text/);
    expect(await storedCounts()).toEqual(before);
  });

  it("refuses a file over 20 MB (413)", async () => {
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    const res = await upload(admin.token, uploadForm({ bytes: big, name: "big.pdf" }));
    expect(res.status).toBe(413);
  });

  it("refuses a form without a file (422)", async () => {
    const res = await upload(admin.token, uploadForm(null, { title: "No file" }));
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain("file");
  });

  it.each([
    ["not JSON", "{version: 2"],
    ["a list", "[1, 2]"],
    ["a text", '"v2"'],
  ])("refuses metadata_json that is %s (422)", async (_, metadata) => {
    const before = await storedCounts();
    const pdf = await buildPdf(["Repatriation is covered."]);
    const res = await upload(admin.token, uploadForm({ bytes: pdf, name: "meta.pdf" }, { metadata_json: metadata }));
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain("metadata_json");
    expect(await storedCounts()).toEqual(before);
  });

  it("is ADMIN's: a seller gets 403, no credentials 401", async () => {
    const seller = await signInAs("VENDEDOR");
    const pdf = await buildPdf(["Repatriation is covered."]);
    expect((await upload(seller.token, uploadForm({ bytes: pdf, name: "s.pdf" }))).status).toBe(403);
    expect((await upload("", uploadForm({ bytes: pdf, name: "s.pdf" }))).status).toBe(401);
  });
});

/** A one-page PDF whose page content is the given zlib stream (Helvetica as F1). */
function pdfWithContentStream(packed: Buffer): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n")];
  const offsets: number[] = [];
  let size = parts[0].length;
  const add = (chunk: Buffer) => {
    parts.push(chunk);
    size += chunk.length;
  };
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
  ];
  objects.forEach((object, index) => {
    offsets.push(size);
    add(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`));
  });
  offsets.push(size);
  add(
    Buffer.concat([
      Buffer.from(`4 0 obj\n<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`),
      packed,
      Buffer.from("\nendstream\nendobj\n"),
    ]),
  );
  offsets.push(size);
  add(Buffer.from("5 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n"));
  const table = offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  add(
    Buffer.from(
      `xref\n0 6\n0000000000 65535 f \n${table}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}
