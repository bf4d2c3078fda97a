import { afterAll, inject } from "vitest";
import { setConnection } from "@/db";
import { inProcessRunner } from "@/inngest/send";
import { openTestDatabase } from "./database";

// Every test file gets its own copy of the migrated, seeded template database.
const connection = await openTestDatabase(inject("templateDatabase"));
setConnection(connection);

afterAll(async () => {
  await inProcessRunner().drain();
  await connection.close();
});
