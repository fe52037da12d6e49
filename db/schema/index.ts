// Every table of the config store.
export * from "./api-keys";
export * from "./audit-log";
export * from "./customer-count";
export * from "./customer-prefixes";
export * from "./customers";
export * from "./override-bounds";
export * from "./plans";
export * from "./tokens";
export * from "./webhooks";
