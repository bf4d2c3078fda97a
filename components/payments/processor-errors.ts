import { ApiError } from "@/components/ui/api-client";

/**
 * Runs a call to a card endpoint and makes its 503 say what to do: the API's detail ("card payments are
 * not configured") names the problem, the back office names the setting that fixes it.
 */
export async function withProcessorHint<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) {
      throw new ApiError(
        503,
        `${error.message}: the server needs STRIPE_SECRET_KEY for card payments (manual payments still work)`,
        error.errors,
      );
    }
    throw error;
  }
}
