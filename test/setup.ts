import { afterAll, inject } from "vitest";
import { setConnection } from "@/db";
import { inProcessRunner, sendEvents } from "@/inngest/send";
import { registerEventSink } from "@/lib/event-sink";
import { openTestDatabase } from "./database";

// Every test file gets its own copy of the migrated, seeded template database.
const connection = await openTestDatabase(inject("templateDatabase"));
setConnection(connection);
// As start-up does (lib/start-service.ts): committed events go to the in-process runner.
registerEventSink(sendEvents);

afterAll(async () => {
  await inProcessRunner().drain();
  await connection.close();
});
