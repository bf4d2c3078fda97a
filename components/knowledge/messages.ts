import { ApiError, messageOf } from "@/components/ui/api-client";

/** What a failed knowledge call means for the person, by status, followed by the API's own detail. */
export function knowledgeErrorMessage(error: unknown): string {
  const detail = messageOf(error);
  if (!(error instanceof ApiError)) return detail;
  switch (error.status) {
    case 400:
      return `The file was refused: it is not a PDF, or it holds no readable text (${detail}).`;
    // The assistant refuses an unverified client and one with no client record (trust.md section 5).
    case 403:
      return `The assistant cannot answer you: ${detail}.`;
    case 413:
      return `The file is too large: a PDF may be at most 20 MB (${detail}).`;
    case 422:
      return `Some fields are not valid: ${detail}.`;
    // Our own limit (20 questions a minute) or the model provider's quota: either way, a minute's wait.
    case 429:
      return `Too many questions for now; wait a minute and try again (${detail}).`;
    case 500:
    case 502:
      return `The AI model did not answer, so nothing was stored; try again later (${detail}).`;
    default:
      return detail;
  }
}
