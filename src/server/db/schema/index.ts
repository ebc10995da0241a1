export * from "./auth";
export * from "./storage";
