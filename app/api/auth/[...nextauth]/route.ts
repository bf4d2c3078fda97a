import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";

// /api/auth/* - next-auth's sign-in, session and sign-out endpoints for the back office
async function handler(req: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(req as never, { params: await context.params } as never, authOptions());
}

export { handler as GET, handler as POST };
