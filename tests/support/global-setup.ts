import type { TestProject } from "vitest/node";
import { createTestDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseMode: "embedded" | "external";
  }
}

export default async function setup(project: TestProject) {
  const database = await createTestDatabase("vitest");
  project.provide("databaseUrl", database.url);
  project.provide("databaseMode", database.mode);
  return () => database.drop();
}
