export * from "./auth";
export * from "./listings";
export * from "./proposals";
export * from "./storage";
