export * from "./auth";
export * from "./contracts";
export * from "./listings";
export * from "./mail";
export * from "./preferences";
export * from "./proposals";
export * from "./realtime";
export * from "./storage";
