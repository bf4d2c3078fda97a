import { readMultipartUpload } from "@/lib/http/multipart";
import { attachment, json, noContent } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { operationsEndpoints } from "@/lib/operations/endpoints";
import { getCompanyLogo } from "@/lib/operations/get-company-logo";
import { removeCompanyLogo } from "@/lib/operations/remove-company-logo";
import { uploadCompanyLogo } from "@/lib/operations/upload-company-logo";
import { UploadCompanyLogoForm } from "@/lib/operations/schemas";

const upload = operationsEndpoints.uploadCompanyLogo;

// PUT /api/v1/organizations/companies/{id}/logo - upload the logo printed on the company's certificates
export const PUT = withApi(upload, async ({ ctx, params, req }) => {
  const { file } = await readMultipartUpload(req, {
    schema: UploadCompanyLogoForm,
    maxFileBytes: upload.multipart.maxBytes,
    fileDescription: "a PNG or JPEG image",
  });
  return json(await uploadCompanyLogo({ ctx, companyId: params.id, file }));
});

// GET /api/v1/organizations/companies/{id}/logo - the logo as uploaded
export const GET = withApi(operationsEndpoints.getCompanyLogo, async ({ ctx, params }) => {
  const logo = await getCompanyLogo({ ctx, companyId: params.id });
  const response = attachment(
    logo.content,
    logo.contentType,
    logo.contentType === "image/png" ? "logo.png" : "logo.jpg",
  );
  // An image the browser shows only as the type it was judged to be.
  response.headers.set("X-Content-Type-Options", "nosniff");
  return response;
});

// DELETE /api/v1/organizations/companies/{id}/logo - print no logo from now on
export const DELETE = withApi(operationsEndpoints.removeCompanyLogo, async ({ ctx, params }) => {
  await removeCompanyLogo({ ctx, companyId: params.id });
  return noContent();
});
