import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createTemplate, dropTemplate } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  process.env.AUTH_SECRET ??= "test-secret-of-at-least-thirty-two-characters";
  const folder = await mkdtemp(path.join(tmpdir(), "cover-test-"));
  const template = await createTemplate(path.join(folder, "template.tar"));
  project.provide("templateDatabase", template);
  return async () => {
    await dropTemplate(template);
    await rm(folder, { recursive: true, force: true });
  };
}
