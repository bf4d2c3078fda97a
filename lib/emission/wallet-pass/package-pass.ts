import { createHash } from "node:crypto";
import { zipSync } from "fflate";
import { signManifest, type WalletSigner } from "./signer";

/**
 * A .pkpass file: pass.json, the images and the strings file of each language (`es.lproj/pass.strings`),
 * manifest.json naming each of them with the SHA-1 of its
 * bytes (what Wallet checks every file against), and `signature`, the signer's detached signature of
 * manifest.json.
 */
export function packagePass({
  passJson,
  images,
  localizations = {},
  signer,
}: {
  passJson: object;
  images: Record<string, Uint8Array>;
  /** Files by their path in the pass: `<locale>.lproj/pass.strings`. */
  localizations?: Record<string, Uint8Array>;
  signer: WalletSigner;
}): Uint8Array {
  const files: Record<string, Uint8Array> = {
    "pass.json": new TextEncoder().encode(JSON.stringify(passJson)),
    ...images,
    ...localizations,
  };
  const manifest = Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => [name, createHash("sha1").update(bytes).digest("hex")]),
  );
  const manifestBytes = new TextEncoder().encode(JSON.stringify(manifest));
  return zipSync({ ...files, "manifest.json": manifestBytes, signature: signManifest(signer, manifestBytes) });
}
