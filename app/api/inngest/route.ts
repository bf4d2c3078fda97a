import { handleInngestCall } from "@/inngest/endpoint";

// /api/inngest - Inngest calls the background functions here: signed calls only, 404 when Inngest is not configured
export { handleInngestCall as GET, handleInngestCall as POST, handleInngestCall as PUT, handleInngestCall as OPTIONS };
