import { renderToBuffer } from "@react-pdf/renderer";
import type { CertificateData } from "./certificate-data";
import { CertificateDocument } from "./certificate-document";

/** The certificate's PDF bytes: the same data gives the same pages (the file's creation time aside). */
export function renderCertificate(data: CertificateData): Promise<Buffer> {
  return renderToBuffer(<CertificateDocument data={data} />);
}
