import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { backgroundFunctions } from "@/inngest/index";

// /api/inngest - Inngest (cloud or dev server) registers and calls the background functions here
export const { GET, POST, PUT } = serve({ client: inngest, functions: backgroundFunctions.map((fn) => fn.inngestFunction) });
