export * from "./auth";
export * from "./listings";
export * from "./storage";
