import { renderToBuffer } from "@react-pdf/renderer";
import type { CertificateData } from "./certificate-data";
import { CertificateDocument } from "./certificate-document";

/**
 * The certificate's PDF bytes: the same data gives the same pages (the file's creation time aside).
 * The service runs it on a worker thread (lib/offload), whose result arrives as a Uint8Array.
 */
export function renderCertificate(data: CertificateData): Promise<Uint8Array> {
  return renderToBuffer(<CertificateDocument data={data} />);
}
